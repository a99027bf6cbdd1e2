package io.millrace.state.hdfs;

import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.state.StateStoreKit;
import java.util.Map;
import java.util.Optional;

/** Every knob of the provider for the TCK, on temporary {@code file:} checkpoints. */
final class HdfsStateKit implements StateStoreKit {
  private final Map<String, String> base;

  HdfsStateKit(Map<String, String> base) {
    this.base = base;
  }

  @Override
  public StateStoreProviderFactory factory() {
    return new HdfsStateStoreProviderFactory();
  }

  @Override
  public Map<String, String> baseOptions() {
    return base;
  }

  @Override
  public Optional<Map<String, String>> snapshotEveryVersion() {
    return Optional.of(Map.of(HdfsStateOptions.COMMIT_SNAPSHOT_INTERVAL, "1"));
  }

  @Override
  public Optional<Map<String, String>> deltasOnly() {
    return Optional.of(Map.of(HdfsStateOptions.COMMIT_SNAPSHOT_INTERVAL, "0", HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "0"));
  }

  @Override
  public Optional<Map<String, String>> retainVersions(int n) {
    return Optional.of(Map.of(HdfsStateOptions.MIN_BATCHES_TO_RETAIN, String.valueOf(n),
        HdfsStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1"));
  }

  @Override
  public Optional<Map<String, String>> noCache() {
    return Optional.of(Map.of(HdfsStateOptions.MAX_VERSIONS_TO_RETAIN_IN_MEMORY, "0"));
  }
}
