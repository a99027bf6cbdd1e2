package io.millrace.plugins.testing;

import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/** A {@link SinkContext} for tests, with local storage. */
public record TestSinkContext(Options options, String queryId, Schema schema, OutputMode outputMode, Optional<String> queryName)
    implements SinkContext {

  /** The context of sink {@code plugin} with {@code options}, for an unnamed query in append mode. */
  public static TestSinkContext of(String plugin, Map<String, String> options, Schema schema) {
    return new TestSinkContext(Options.of("sink '" + plugin + "'", options), "query-1", schema, OutputMode.APPEND, Optional.empty());
  }

  public TestSinkContext withOutputMode(OutputMode mode) {
    return new TestSinkContext(options, queryId, schema, mode, queryName);
  }

  public TestSinkContext withQueryName(String name) {
    return new TestSinkContext(options, queryId, schema, outputMode, Optional.of(name));
  }

  public TestSinkContext withQueryId(String id) {
    return new TestSinkContext(options, id, schema, outputMode, queryName);
  }

  @Override
  public Storage storage(URI uri) {
    return TestStorage.forUri(uri);
  }
}
