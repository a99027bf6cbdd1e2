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

  /** Releases what the kit made for the rule; called once after it. */
  @Override
  default void close() throws IOException {}
}
