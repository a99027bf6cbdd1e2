package io.millrace.tck.state;

import io.millrace.spi.state.StateStoreProviderFactory;
import java.util.Map;
import java.util.Optional;

/**
 * The kit of the reference provider and its broken variants: every knob, on temporary
 * {@code file:} checkpoints (the TCK's reference disk storage), which a child JVM reaches too.
 */
final class ReferenceKit implements StateStoreKit {
  private final StateStoreProviderFactory factory;

  ReferenceKit(StateStoreProviderFactory factory) {
    this.factory = factory;
  }

  @Override
  public StateStoreProviderFactory factory() {
    return factory;
  }

  @Override
  public Optional<Map<String, String>> snapshotEveryVersion() {
    return Optional.of(Map.of(ReferenceStateStoreProvider.SNAPSHOT_INTERVAL, "1"));
  }

  @Override
  public Optional<Map<String, String>> deltasOnly() {
    return Optional.of(Map.of(ReferenceStateStoreProvider.SNAPSHOT_INTERVAL, "0"));
  }

  @Override
  public Optional<Map<String, String>> retainVersions(int n) {
    return Optional.of(Map.of(ReferenceStateStoreProvider.RETAIN_VERSIONS, String.valueOf(n)));
  }

  @Override
  public Optional<Map<String, String>> noCache() {
    return Optional.of(Map.of(ReferenceStateStoreProvider.CACHED_VERSIONS, "0"));
  }
}
