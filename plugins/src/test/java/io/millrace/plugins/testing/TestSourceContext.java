package io.millrace.plugins.testing;

import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** A {@link SourceContext} for tests, with local storage and a metadata directory under a temporary one. */
public record TestSourceContext(Options options, String queryId, Optional<Schema> userSchema, URI metadataPath)
    implements SourceContext {

  /** The context of source {@code plugin} with {@code options}, keeping its metadata in {@code dir}. */
  public static TestSourceContext of(String plugin, Map<String, String> options, Path dir) {
    return new TestSourceContext(Options.of("source '" + plugin + "'", options), "query-1", Optional.empty(), dir.toUri());
  }

  public TestSourceContext withUserSchema(Schema schema) {
    return new TestSourceContext(options, queryId, Optional.of(schema), metadataPath);
  }

  @Override
  public Storage storage(URI uri) {
    return TestStorage.forUri(uri);
  }
}
