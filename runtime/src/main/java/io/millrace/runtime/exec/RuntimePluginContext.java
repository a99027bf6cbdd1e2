package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.SinkContext;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/** The contexts the runtime hands plugins: options, the query id, storage and the fault hook. */
class RuntimePluginContext implements PluginContext {
  private final Engine engine;
  private final Options options;
  private final String queryId;

  RuntimePluginContext(Engine engine, Options options, String queryId) {
    this.engine = engine;
    this.options = options;
    this.queryId = queryId;
  }

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

  static SourceContext forSource(Engine engine, Options options, String queryId, Optional<Schema> userSchema,
      URI metadataPath) {
    final class Context extends RuntimePluginContext implements SourceContext {
      Context() {
        super(engine, options, queryId);
      }

      @Override
      public Optional<Schema> userSchema() {
        return userSchema;
      }

      @Override
      public URI metadataPath() {
        return metadataPath;
      }

      @Override
      public int minBatchesToRetain() {
        return engine.settings().minBatchesToRetain();
      }
    }
    return new Context();
  }

  /** A state store provider's context: the session's settings are its options. */
  static PluginContext forStateStore(Engine engine, String owner, String queryId) {
    return new RuntimePluginContext(engine, engine.settings().options().withOwner(owner), queryId);
  }

  static SinkContext forSink(Engine engine, Options options, String queryId, Schema schema, OutputMode mode,
      Optional<String> queryName) {
    final class Context extends RuntimePluginContext implements SinkContext {
      Context() {
        super(engine, options, queryId);
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
    }
    return new Context();
  }
}
