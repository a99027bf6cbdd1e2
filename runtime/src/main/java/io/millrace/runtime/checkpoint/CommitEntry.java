package io.millrace.runtime.checkpoint;

/**
 * Batch N is done ({@code commits/N}): its output is in the sink and its state committed.
 *
 * @param nextBatchWatermarkMs the watermark the next batch uses
 */
public record CommitEntry(long nextBatchWatermarkMs) {}
