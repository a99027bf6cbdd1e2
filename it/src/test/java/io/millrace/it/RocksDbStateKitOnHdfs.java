package io.millrace.it;

import io.millrace.state.hdfs.storage.MiniHdfs;
import io.millrace.state.rocksdb.RocksDbStateOptions;
import io.millrace.state.rocksdb.RocksDbStateStoreProviderFactory;
import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.state.StateStoreKit;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * Every knob of the {@code rocksdb} provider for the TCK (the same maps as the plugin's own
 * kit for {@code file:}), with each checkpoint at a fresh root on an in-process HDFS reached
 * with {@link MiniHdfs#OPTIONS}. Local RocksDB directories stay on the local disk.
 */
final class RocksDbStateKitOnHdfs implements StateStoreKit {
  private final String hdfsUri;

  /** Checkpoints under {@code hdfsUri} ({@code hdfs://localhost:<port>}, no trailing slash). */
  RocksDbStateKitOnHdfs(String hdfsUri) {
    this.hdfsUri = hdfsUri;
  }

  @Override
  public StateStoreProviderFactory factory() {
    return new RocksDbStateStoreProviderFactory();
  }

  @Override
  public Map<String, String> baseOptions() {
    return MiniHdfs.OPTIONS;
  }

  @Override
  public URI checkpointRoot() {
    return MiniHdfs.freshRoot(hdfsUri);
  }

  /** A snapshot (checkpoint, shared SSTs, manifest) inside every commit. */
  @Override
  public Optional<Map<String, String>> snapshotEveryVersion() {
    return Optional.of(Map.of(RocksDbStateOptions.COMMIT_SNAPSHOT_INTERVAL, "1"));
  }

  @Override
  public Optional<Map<String, String>> deltasOnly() {
    return Optional.of(Map.of(RocksDbStateOptions.COMMIT_SNAPSHOT_INTERVAL, "0",
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "0"));
  }

  @Override
  public Optional<Map<String, String>> retainVersions(int n) {
    return Optional.of(Map.of(RocksDbStateOptions.MIN_BATCHES_TO_RETAIN, String.valueOf(n),
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
  }

  /** Nothing reused between calls: every getStore and getReadStore rebuilds the local DB from HDFS. */
  @Override
  public Optional<Map<String, String>> noCache() {
    return Optional.of(Map.of(RocksDbStateOptions.REUSE_LOCAL_STATE, "false"));
  }
}
