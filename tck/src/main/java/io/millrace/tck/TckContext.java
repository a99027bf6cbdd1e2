package io.millrace.tck;

import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Contexts the suites create plugins with, as the engine would: options, a stable query id,
 * storage by URI scheme, and a fault injector.
 */
public final class TckContext {
  private TckContext() {}

  /** A plain context for state stores and storages. */
  public static PluginContext plugin(String owner, Map<String, String> options, FaultInjector faults) {
    Options opts = Options.of(owner, options);
    String queryId = UUID.randomUUID().toString();
    return new PluginContext() {
      @Override
      public Options options() {
        return opts;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) {
        return TckStorage.forUri(uri, opts.asMap());
      }

      @Override
      public FaultInjector faultInjector() {
        return faults;
      }
    };
  }

  /** A source context whose own directory is {@code metadataPath}. */
  public static SourceContext source(String name, Map<String, String> options, String queryId, Optional<Schema> userSchema,
      URI metadataPath) {
    Options opts = Options.of("source '" + name + "'", options);
    return new SourceContext() {
      @Override
      public Options options() {
        return opts;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) {
        return TckStorage.forUri(uri, opts.asMap());
      }

      @Override
      public Optional<Schema> userSchema() {
        return userSchema;
      }

      @Override
      public URI metadataPath() {
        return metadataPath;
      }
    };
  }

  /** A sink context for one query id. */
  public static SinkContext sink(String name, Map<String, String> options, String queryId, Schema schema, OutputMode mode,
      FaultInjector faults) {
    Options opts = Options.of("sink '" + name + "'", options);
    return new SinkContext() {
      @Override
      public Options options() {
        return opts;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) {
        return TckStorage.forUri(uri, opts.asMap());
      }

      @Override
      public FaultInjector faultInjector() {
        return faults;
      }

      @Override
      public Schema schema() {
        return schema;
      }

      @Override
      public OutputMode outputMode() {
        return mode;
      }

      @Override
      public Optional<String> queryName() {
        return Optional.empty();
      }
    };
  }
}
