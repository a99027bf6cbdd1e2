package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a source author gives {@link SourceContractSuite}: the provider, the options to create
 * the source with, and a way to put rows into the source's external system.
 *
 * <p>The suite asks for a new kit before every rule and closes it after, so a kit may own a
 * fresh topic, table or directory per rule.
 *
 * <p>Rule S15 reads from a child JVM: it creates the provider there from its class name (the
 * public no-argument constructor ServiceLoader needs) with {@link #options()},
 * {@link #userSchema()} and the rule's metadata path under {@link #scratchRoot()}, while this
 * kit keeps appending from the test's JVM. The options and the scratch root must therefore
 * reach the same data from another process; a kit whose data lives in the test's JVM says so
 * with {@link #reachableFromAnotherProcess()}.
 */
public interface SourceKit extends AutoCloseable {

  /** The provider under test; the suite creates every instance through it. */
  SourceProvider provider();

  /** The options every instance is created with (for example the topic to read). */
  default Map<String, String> options() {
    return Map.of();
  }

  /** The schema given as {@code readStream().schema(..)}, if the source needs or accepts one. */
  default Optional<Schema> userSchema() {
    return Optional.empty();
  }

  /**
   * Writes {@code count} (at least 1) new rows to the source's external system and returns
   * them as the source will read them, in the order they were written.
   *
   * <ul>
   *   <li>Every row must differ from every other row this kit ever returns (carry a sequence
   *       number), so the suite can tell a re-read from new data.</li>
   *   <li>Where the external system has segments, files or objects, give each call one of its
   *       own, named by a counter without padding (or with little): S12 appends dozens of
   *       times, and a source must not rely on the names' text order being their numeric
   *       order.</li>
   *   <li>When this returns, the rows are available: {@code latestOffset} with no limit
   *       reaches them.</li>
   *   <li>The suite creates a rule's first source before its first append, so a source that
   *       fixes its start when first created (like {@code rate}) sees every appended row.</li>
   * </ul>
   */
  List<Row> append(int count) throws IOException;

  /**
   * A fresh, empty directory for one rule; the suite gives each source instance of the rule
   * {@code <scratchRoot>/sources/0/} as its metadata path, as the engine would under a
   * checkpoint. The default is a new temporary directory ({@code file:}, which needs
   * {@code io.millrace:millrace-plugins} on the test class path); the suite deletes
   * {@code file:} roots after the rule.
   */
  default URI scratchRoot() {
    try {
      return Files.createTempDirectory("millrace-tck-source").toUri();
    } catch (IOException e) {
      throw new UncheckedIOException("the TCK cannot create a temporary directory", e);
    }
  }

  /**
   * Whether another process reaches this rule's data through the provider's class name,
   * {@link #options()} and the scratch root alone. False only for data held in the test's JVM
   * (an in-memory stream) or a provider built with arguments (a manual clock); S15 then skips
   * with the reason.
   */
  default boolean reachableFromAnotherProcess() {
    return true;
  }

  /** Releases what the kit made for the rule; called once after it. */
  @Override
  default void close() throws IOException {}
}
