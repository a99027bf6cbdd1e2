package io.millrace.spi.sink;

import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import java.util.Optional;

/** What a sink is created with. */
public interface SinkContext extends PluginContext {

  /** The schema of every row the sink will be given. */
  Schema schema();

  /** How the query's result is written; the runtime refuses modes the sink does not support. */
  OutputMode outputMode();

  /** The name the user gave the query, if any. */
  Optional<String> queryName();
}
