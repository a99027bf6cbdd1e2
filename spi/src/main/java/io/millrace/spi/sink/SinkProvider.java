package io.millrace.spi.sink;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;

/** Creates {@link Sink}s. Listed in {@code META-INF/services/io.millrace.spi.sink.SinkProvider}. */
public interface SinkProvider extends Plugin {

  @Override
  default PluginKind kind() {
    return PluginKind.SINK;
  }

  /**
   * Creates the sink for one run of a query; validate every option here. Write nothing
   * durable until the first {@code addBatch}: the query may still fail to start.
   */
  Sink create(SinkContext context);
}
