package io.millrace.runtime.exec;

import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;

/** One source of a running query and where its next batch starts. */
final class SourceBinding {
  final int index;
  /** The source plugin's name, as {@code offsets/N} records it. */
  final String name;
  final String description;
  final Source source;
  final ReadLimit readLimit;
  /** The source as a value another process could open it from. */
  private SourceDescription described;
  /** The end of the last committed batch: the next batch reads from here. */
  Offset committed;

  SourceBinding(int index, String format, Source source, SourceDescription described) {
    this.described = described;
    this.index = index;
    this.name = format;
    this.description = format + "[" + index + "]";
    this.source = source;
    this.readLimit = source.defaultReadLimit();
  }

  /** Has the source read only {@code columns}; another process opening it for a task does the same. */
  void prune(Schema columns) {
    source.pruneColumns(columns);
    described = described.readingOnly(columns);
  }

  /** The serializable description of the task that reads {@code partition} of batch {@code batchId}. */
  ScanTask scan(long batchId, InputPartition partition) {
    return new ScanTask(described, batchId, partition);
  }

  boolean replayable() {
    return source.capabilities().contains(SourceCapability.REPLAYABLE);
  }

  /** The source's offset recorded as {@code json} in {@code file}. */
  Offset offset(String json, Object file) {
    try {
      return source.deserializeOffset(json);
    } catch (RuntimeException e) {
      throw new io.millrace.spi.MillraceException("source " + description + " cannot read its offset '" + json
          + "' recorded in " + file + ": " + e.getMessage(), e);
    }
  }
}
