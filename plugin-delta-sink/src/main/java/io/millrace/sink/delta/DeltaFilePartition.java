package io.millrace.sink.delta;

import io.delta.kernel.internal.actions.AddFile;
import io.delta.kernel.internal.util.VectorUtils;
import io.millrace.spi.source.InputPartition;
import java.util.Map;

/**
 * One data file of a Delta table to read, with what Kernel needs to turn its rows into the
 * table's rows: its partition values and deletion vector, and the table version whose schema
 * (and column mapping) it is read with. Plain values, so any instance of the source can read a
 * copy made by Java serialization.
 *
 * @param readVersion the table version whose metadata the file is read with: the end of the range
 *     it was planned for (the source fails a range with a schema change, so every file of the
 *     range has that version's schema)
 * @param path the file's path as the log writes it: relative to the table root or absolute, URI-encoded
 * @param deletionVector the file's deletion vector, or null
 */
record DeltaFilePartition(long readVersion, String path, Map<String, String> partitionValues, long size,
    long modificationTime, DeletionVector deletionVector) implements InputPartition {
  private static final long serialVersionUID = 1L;

  DeltaFilePartition {
    // A TreeMap copy: serializable, and null values (a null partition value) allowed.
    partitionValues = new java.util.TreeMap<>(partitionValues);
  }

  /** The fields of Delta's deletion vector descriptor. */
  record DeletionVector(String storageType, String pathOrInlineDv, Integer offset, int sizeInBytes, long cardinality)
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** The partition of {@code add} (an add action of the log, or the add of a scan file), read at {@code readVersion}. */
  static DeltaFilePartition of(long readVersion, AddFile add) {
    DeletionVector dv = add.getDeletionVector()
        .map(d -> new DeletionVector(d.getStorageType(), d.getPathOrInlineDv(), d.getOffset().orElse(null),
            d.getSizeInBytes(), d.getCardinality()))
        .orElse(null);
    Map<String, String> values = VectorUtils.toJavaMap(add.getPartitionValues());
    return new DeltaFilePartition(readVersion, add.getPath(), values, add.getSize(), add.getModificationTime(), dv);
  }

  @Override
  public String describe() {
    return "delta file " + path + " (read at version " + readVersion + ")";
  }
}
