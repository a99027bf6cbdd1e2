package io.millrace.tck.state;

import io.millrace.spi.state.StateStoreProviderFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link StateStoreContractSuite} needs to know about a state store plugin: its factory,
 * the options every provider is created with, where checkpoints go, and the option maps that
 * turn on the provider's knobs. The suite passes options to the provider through
 * {@code PluginContext.options()}: the {@link #baseOptions()} merged with a knob's map (the
 * knob's entries win).
 *
 * <p>A knob the provider does not have is {@code Optional.empty()} (the default); the rules
 * that need it are then skipped with a reason that names the method, never passed silently.
 *
 * <p>Rule T24 commits in a child JVM: it creates the factory there from its class name (the
 * public no-argument constructor ServiceLoader needs) and initialises providers with
 * {@link #baseOptions()} on the same checkpoint root, which must therefore be reachable from
 * another process (a {@code file:} directory, an HDFS or S3 URI), not an in-memory fake.
 */
public interface StateStoreKit extends AutoCloseable {

  /** The plugin under test; the suite calls {@code create()} for every provider it needs. */
  StateStoreProviderFactory factory();

  /**
   * Options every provider gets: whatever the provider needs to run in a test. The suite calls
   * {@code doMaintenance()} only in T08 and T25, with {@link #retainVersions}; outside maintenance
   * a provider must not drop committed versions.
   */
  default Map<String, String> baseOptions() {
    return Map.of();
  }

  /**
   * A fresh, empty checkpoint root; called once per rule. The default is a new temporary
   * {@code file:} directory, which needs a storage for {@code file:} on the test class path
   * (for example {@code io.millrace:millrace-plugins}).
   */
  default URI checkpointRoot() {
    try {
      return Files.createTempDirectory("millrace-tck-state-").toUri();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary checkpoint directory", e);
    }
  }

  /** Options that make the provider write a full snapshot at every version. */
  default Optional<Map<String, String>> snapshotEveryVersion() {
    return Optional.empty();
  }

  /** Options that make the provider never write a snapshot, only deltas (or changelogs). */
  default Optional<Map<String, String>> deltasOnly() {
    return Optional.empty();
  }

  /**
   * Options that make {@code doMaintenance()} keep only the last {@code n} versions loadable
   * and delete what older versions alone need.
   */
  default Optional<Map<String, String>> retainVersions(int n) {
    return Optional.empty();
  }

  /** Options that make the provider keep no version cached in memory, reloading from storage every time. */
  default Optional<Map<String, String>> noCache() {
    return Optional.empty();
  }

  /**
   * Whether another process reaches the checkpoints through the factory's class name and
   * {@link #baseOptions()} alone. False only for checkpoints that live in the test's JVM; T24
   * then skips with the reason.
   */
  default boolean reachableFromAnotherProcess() {
    return true;
  }

  /** Releases what the kit made (a server, a directory); the suite calls it once after each rule. */
  @Override
  default void close() throws IOException {}
}
