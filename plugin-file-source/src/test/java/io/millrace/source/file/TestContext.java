package io.millrace.source.file;

import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A source context as the runtime builds one, with the storage and {@code minBatchesToRetain}
 * a test chooses (the TCK's context has the local storage and the SPI's default).
 */
record TestContext(Map<String, String> optionMap, Optional<Schema> userSchema, URI metadataPath,
    Function<URI, Storage> storages, int minBatchesToRetain) implements SourceContext {

  @Override
  public Options options() {
    return Options.of("source 'file'", optionMap);
  }

  @Override
  public String queryId() {
    return "test-query";
  }

  @Override
  public Storage storage(URI uri) {
    return storages.apply(uri);
  }
}
