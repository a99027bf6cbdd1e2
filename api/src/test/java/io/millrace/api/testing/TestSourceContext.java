package io.millrace.api.testing;

import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** A {@link SourceContext} for the memory source's own tests; that source keeps no files, so it has no storage. */
record TestSourceContext(Options options, String queryId, Optional<Schema> userSchema, URI metadataPath)
    implements SourceContext {

  static TestSourceContext of(String plugin, Map<String, String> options, Path dir) {
    return new TestSourceContext(Options.of("source '" + plugin + "'", options), "query-1", Optional.empty(), dir.toUri());
  }

  TestSourceContext withUserSchema(Schema schema) {
    return new TestSourceContext(options, queryId, Optional.of(schema), metadataPath);
  }

  @Override
  public Storage storage(URI uri) {
    throw new UnsupportedOperationException("the memory source keeps no files, yet asked for the storage of " + uri);
  }
}
