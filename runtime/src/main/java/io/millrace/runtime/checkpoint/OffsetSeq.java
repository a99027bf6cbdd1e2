package io.millrace.runtime.checkpoint;

import java.util.List;
import java.util.Map;

/**
 * The write-ahead record of one batch ({@code offsets/N}): where each source's range ends,
 * the watermark and logical time the batch runs with, and the settings pinned for the life of
 * the checkpoint. A replayed batch reuses all of it, so it reads the same rows and computes
 * the same result.
 *
 * @param batchWatermarkMs event-time watermark the batch uses, milliseconds
 * @param batchTimestampMs logical time of the batch ({@code current_timestamp()}), milliseconds
 * @param conf pinned settings
 * @param sourceOffsets each source's end offset JSON, in source order
 * @param sourceNames each source's plugin name, in source order; empty in files of releases that
 *     did not record them
 */
public record OffsetSeq(long batchWatermarkMs, long batchTimestampMs, Map<String, String> conf,
    List<String> sourceOffsets, List<String> sourceNames) {
  public OffsetSeq {
    conf = Map.copyOf(conf);
    sourceOffsets = List.copyOf(sourceOffsets);
    sourceNames = List.copyOf(sourceNames);
  }
}
