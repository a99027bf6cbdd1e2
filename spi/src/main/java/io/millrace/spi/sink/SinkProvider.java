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

  /**
   * Whether a query may write to this sink without a {@code checkpointLocation}, on a temporary
   * checkpoint that is deleted when it stops (Spark allows it for its console, memory and noop
   * sinks). Such a query starts over on every run, so a rerun writes again everything it wrote
   * before: say true only for a sink whose output is for looking at and does not outlive the
   * process (printing, an in-memory table). The runtime refuses every other sink at start
   * without a checkpoint location. Added in SPI 1.2; a sink built for 1.1 gets the default, false.
   */
  default boolean allowsTemporaryCheckpoint() {
    return false;
  }
}
