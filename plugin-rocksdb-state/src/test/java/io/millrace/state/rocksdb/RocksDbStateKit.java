package io.millrace.state.rocksdb;

import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;
import java.util.Optional;

/** Every knob of the provider for the TCK, on temporary {@code file:} checkpoints. */
final class RocksDbStateKit implements StateStoreKit {
  private final Map<String, String> base;

  RocksDbStateKit(Map<String, String> base) {
    this.base = base;
  }

  @Override
  public StateStoreProviderFactory factory() {
    return new RocksDbStateStoreProviderFactory();
  }

  @Override
  public Map<String, String> baseOptions() {
    return base;
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

  /** Nothing reused between calls: every getStore and getReadStore rebuilds the local DB from the checkpoint. */
  @Override
  public Optional<Map<String, String>> noCache() {
    return Optional.of(Map.of(RocksDbStateOptions.REUSE_LOCAL_STATE, "false"));
  }
}
