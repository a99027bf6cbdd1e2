package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What {@link StorageContractSuite} needs to know about a storage plugin: its provider, the
 * session options to open it with, and where each rule may write. By default every rule gets
 * a fresh temporary directory as a {@code file:} URI; a storage of another scheme supplies its
 * own roots:
 *
 * <pre>{@code
 * StorageKit.of(new MyStorageProvider(), Map.of(),
 *     () -> URI.create("s3a://tck-bucket/" + UUID.randomUUID() + "/"))
 * }</pre>
 *
 * <p>Rules F13 and F15 run a second JVM that opens the same storage: it creates the provider
 * from its class name (the public no-argument constructor ServiceLoader needs) and opens it with
 * {@link #options()}, so a kit that overrides {@link #open} must open nothing a child JVM could
 * not open the same way.
 */
public interface StorageKit extends AutoCloseable {

  /** The provider under test, as ServiceLoader would create it. */
  StorageProvider provider();

  /** The session options the provider opens storage with. */
  default Map<String, String> options() {
    return Map.of();
  }

  /** A new, empty directory for one rule, ending in {@code /}; the suite deletes it afterwards. */
  default URI freshRoot() throws IOException {
    return Files.createTempDirectory("millrace-tck-storage-").toUri();
  }

  /** A new storage instance from the provider for {@code root}, as a (re)started process would open it. */
  default Storage open(URI root) throws IOException {
    return provider().open(root, Options.of("storage '" + provider().name() + "'", options()));
  }

  /**
   * Whether another process reaches what this storage holds through the provider and
   * {@link #options()} alone. False only for a storage whose files live in the test's JVM (an
   * in-memory fake); the rules that restart in a child JVM (F13, F15) then skip with the reason.
   */
  default boolean reachableFromAnotherProcess() {
    return true;
  }

  /** Releases what the kit made; the suite calls it once after each rule. */
  @Override
  default void close() throws IOException {}

  /** A kit for a {@code file:} storage, with fresh temporary directories and no options. */
  static StorageKit of(StorageProvider provider) {
    Objects.requireNonNull(provider, "provider");
    return () -> provider;
  }

  /** A kit whose rules write under the roots {@code freshRoots} gives, opened with {@code options}. */
  static StorageKit of(StorageProvider provider, Map<String, String> options, Supplier<URI> freshRoots) {
    Objects.requireNonNull(provider, "provider");
    Map<String, String> copy = Map.copyOf(options);
    Objects.requireNonNull(freshRoots, "freshRoots");
    return new StorageKit() {
      @Override
      public StorageProvider provider() {
        return provider;
      }

      @Override
      public Map<String, String> options() {
        return copy;
      }

      @Override
      public URI freshRoot() {
        return freshRoots.get();
      }
    };
  }
}
