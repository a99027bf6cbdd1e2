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
import java.util.function.UnaryOperator;

/**
 * Contexts the suites create plugins with, as the engine would: options, a stable query id,
 * storage by URI scheme (opened with the same options, and seen through a view a rule may
 * choose, such as a storage that crashes at its n-th publish), and a fault injector.
 */
public class TckContext implements PluginContext {
  private final Options options;
  private final String queryId;
  private final FaultInjector faults;
  private final UnaryOperator<Storage> storages;

  private TckContext(Options options, String queryId, FaultInjector faults, UnaryOperator<Storage> storages) {
    this.options = options;
    this.queryId = queryId;
    this.faults = faults;
    this.storages = storages;
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
  public Storage storage(URI uri) {
    return storages.apply(TckStorage.forUri(uri, options.asMap()));
  }

  @Override
  public FaultInjector faultInjector() {
    return faults;
  }

  /** A plain context for state stores and storages. */
  public static PluginContext plugin(String owner, Map<String, String> options, FaultInjector faults) {
    return new TckContext(Options.of(owner, options), UUID.randomUUID().toString(), faults, UnaryOperator.identity());
  }

  /**
   * The retention every source runs with in the suites: the least the runtime allows, so that a
   * source that forgets its own log entries forgets as much as it ever will, and a replay that
   * needs a forgotten entry shows.
   */
  public static final int MIN_BATCHES_TO_RETAIN = 1;

  /**
   * A source context whose own directory is {@code metadataPath}, with
   * {@link #MIN_BATCHES_TO_RETAIN}.
   */
  public static SourceContext source(String name, Map<String, String> options, String queryId, Optional<Schema> userSchema,
      URI metadataPath) {
    final class Source extends TckContext implements SourceContext {
      Source() {
        super(Options.of("source '" + name + "'", options), queryId, FaultInjector.NONE, UnaryOperator.identity());
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
        return MIN_BATCHES_TO_RETAIN;
      }
    }
    return new Source();
  }

  /** A sink context for one query id. */
  public static SinkContext sink(String name, Map<String, String> options, String queryId, Schema schema, OutputMode mode,
      FaultInjector faults) {
    return sink(name, options, queryId, schema, mode, faults, UnaryOperator.identity());
  }

  /** A sink context for one query id whose storages the sink sees through {@code storages}. */
  public static SinkContext sink(String name, Map<String, String> options, String queryId, Schema schema, OutputMode mode,
      FaultInjector faults, UnaryOperator<Storage> storages) {
    final class Sink extends TckContext implements SinkContext {
      Sink() {
        super(Options.of("sink '" + name + "'", options), queryId, faults, storages);
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
    }
    return new Sink();
  }
}
