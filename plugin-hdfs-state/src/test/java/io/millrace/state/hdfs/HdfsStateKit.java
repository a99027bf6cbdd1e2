package io.millrace.state.hdfs;

import io.millrace.spi.state.StateStoreProviderFactory;
import io.millrace.tck.state.StateStoreKit;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every knob of the provider for the TCK, on temporary {@code file:} checkpoints or on fresh
 * roots of another store (an in-process HDFS, an S3-compatible server) whose storage options
 * are part of the base options.
 */
final class HdfsStateKit implements StateStoreKit {
  private final Map<String, String> base;
  private final Supplier<URI> roots;

  /** Temporary {@code file:} checkpoints. */
  HdfsStateKit(Map<String, String> base) {
    this(base, null);
  }

  /**
   * Checkpoints at {@code roots} (a fresh, empty root per call), reached with the
   * {@code millrace.hadoop.*} settings in {@code base}; {@code null} means temporary {@code file:} directories.
   */
  HdfsStateKit(Map<String, String> base, Supplier<URI> roots) {
    this.base = base;
    this.roots = roots;
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
  public URI checkpointRoot() {
    return roots == null ? StateStoreKit.super.checkpointRoot() : roots.get();
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
