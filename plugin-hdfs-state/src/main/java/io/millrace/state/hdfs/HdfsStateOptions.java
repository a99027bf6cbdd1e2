package io.millrace.state.hdfs;

import io.millrace.spi.Options;
import java.time.Duration;

/**
 * The provider's settings, read and checked once at {@code init} so a bad value fails the query
 * at start with a message naming the option. Keys are {@code millrace.state.hdfs.<name>},
 * except retention, which is the engine-wide {@code millrace.minBatchesToRetain}.
 *
 * @param minDeltasForSnapshot maintenance writes a snapshot once this many deltas follow the
 *     last one (0: maintenance never snapshots)
 * @param maxVersionsToRetainInMemory how many versions stay loaded (0: none, every read loads)
 * @param maintenanceInterval how often the engine should call {@code doMaintenance()}
 * @param minBatchesToRetain how many of the newest versions maintenance keeps loadable
 * @param compressionCodec how new files are compressed
 * @param commitSnapshotInterval also write a snapshot inside {@code commit()} for every version
 *     divisible by this (0, the default: only maintenance writes snapshots, off the batch path)
 */
public record HdfsStateOptions(
    int minDeltasForSnapshot,
    int maxVersionsToRetainInMemory,
    Duration maintenanceInterval,
    int minBatchesToRetain,
    CompressionCodecName compressionCodec,
    long commitSnapshotInterval) {

  /** The prefix of the provider's own keys. */
  public static final String PREFIX = "millrace.state.hdfs.";
  public static final String MIN_DELTAS_FOR_SNAPSHOT = PREFIX + "minDeltasForSnapshot";
  public static final String MAX_VERSIONS_TO_RETAIN_IN_MEMORY = PREFIX + "maxVersionsToRetainInMemory";
  public static final String MAINTENANCE_INTERVAL = PREFIX + "maintenanceInterval";
  public static final String COMPRESSION_CODEC = PREFIX + "compressionCodec";
  public static final String COMMIT_SNAPSHOT_INTERVAL = PREFIX + "commitSnapshotInterval";
  /** Engine-wide: how many recent batches must stay recoverable. */
  public static final String MIN_BATCHES_TO_RETAIN = "millrace.minBatchesToRetain";

  /** The codecs users can choose. */
  public enum CompressionCodecName { LZ4, ZSTD, NONE }

  /** Reads and validates every setting; defaults follow Spark's provider. */
  public static HdfsStateOptions from(Options options) {
    Duration interval = options.getDuration(MAINTENANCE_INTERVAL, Duration.ofSeconds(60));
    if (interval.isZero() || interval.isNegative()) {
      throw options.invalid(MAINTENANCE_INTERVAL, options.get(MAINTENANCE_INTERVAL).orElse(""), "a positive duration");
    }
    return new HdfsStateOptions(
        options.getInt(MIN_DELTAS_FOR_SNAPSHOT, 10, 0),
        options.getInt(MAX_VERSIONS_TO_RETAIN_IN_MEMORY, 2, 0),
        interval,
        options.getInt(MIN_BATCHES_TO_RETAIN, 100, 1),
        options.getEnum(COMPRESSION_CODEC, CompressionCodecName.class, CompressionCodecName.LZ4),
        options.getLong(COMMIT_SNAPSHOT_INTERVAL, 0, 0));
  }

  CompressionCodec codec() {
    return CompressionCodec.valueOf(compressionCodec.name());
  }
}
