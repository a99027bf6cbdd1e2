package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/** The contexts the runtime hands sources and sinks. */
final class RuntimePluginContext {
  private RuntimePluginContext() {}

  static SourceContext forSource(Engine engine, Options options, String queryId, Optional<Schema> userSchema,
      URI metadataPath) {
    return new SourceContext() {
      @Override
      public Options options() {
        return options;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) throws IOException {
        return engine.storage(uri);
      }

      @Override
      public FaultInjector faultInjector() {
        return engine.faults();
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

  /** A state store provider's context: the session's settings are its options. */
  static io.millrace.spi.PluginContext forStateStore(Engine engine, String owner, String queryId) {
    Options options = engine.settings().options().withOwner(owner);
    return new io.millrace.spi.PluginContext() {
      @Override
      public Options options() {
        return options;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) throws IOException {
        return engine.storage(uri);
      }

      @Override
      public FaultInjector faultInjector() {
        return engine.faults();
      }
    };
  }

  static SinkContext forSink(Engine engine, Options options, String queryId, Schema schema, OutputMode mode,
      Optional<String> queryName) {
    return new SinkContext() {
      @Override
      public Options options() {
        return options;
      }

      @Override
      public String queryId() {
        return queryId;
      }

      @Override
      public Storage storage(URI uri) throws IOException {
        return engine.storage(uri);
      }

      @Override
      public FaultInjector faultInjector() {
        return engine.faults();
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
        return queryName;
      }
    };
  }
}
