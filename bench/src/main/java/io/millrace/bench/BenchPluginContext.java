package io.millrace.bench;

import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * What the engine would hand a plugin outside a query: its options and the storage that
 * ServiceLoader finds for a URI's scheme ({@code file:} for the benchmarks' local checkpoints).
 */
final class BenchPluginContext implements PluginContext {
  private final Options options;

  private BenchPluginContext(Options options) {
    this.options = options;
  }

  /** {@code owner} names the plugin in option errors, e.g. {@code "state store 'rocksdb'"}. */
  static PluginContext of(String owner, Map<String, String> options) {
    return new BenchPluginContext(Options.of(owner, options));
  }

  @Override
  public Options options() {
    return options;
  }

  @Override
  public String queryId() {
    return "bench";
  }

  @Override
  public Storage storage(URI uri) throws IOException {
    for (StorageProvider p : ServiceLoader.load(StorageProvider.class)) {
      if (p.schemes().contains(uri.getScheme())) {
        return p.open(uri, options);
      }
    }
    throw new IOException("no storage for " + uri);
  }
}
