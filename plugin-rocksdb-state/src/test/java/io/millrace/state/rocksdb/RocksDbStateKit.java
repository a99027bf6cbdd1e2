package io.millrace.state.rocksdb;

import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.state.StateStoreKit;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every knob of the provider for the TCK, on temporary {@code file:} checkpoints, or on the
 * roots a caller gives (module {@code it} runs it on MiniDFSCluster).
 */
public final class RocksDbStateKit implements StateStoreKit {
  private final Map<String, String> base;
  private final Supplier<URI> roots;

  RocksDbStateKit(Map<String, String> base) {
    this.base = base;
    this.roots = null;
  }

  /** Checkpoints under the fresh roots {@code roots} gives, with {@code base} options (such as a storage's). */
  public RocksDbStateKit(Map<String, String> base, Supplier<URI> roots) {
    this.base = base;
    this.roots = roots;
  }

  @Override
  public URI checkpointRoot() {
    return roots == null ? StateStoreKit.super.checkpointRoot() : roots.get();
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
