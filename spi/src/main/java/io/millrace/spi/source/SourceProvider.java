package io.millrace.spi.source;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;

/** Creates {@link Source}s. Listed in {@code META-INF/services/io.millrace.spi.source.SourceProvider}. */
public interface SourceProvider extends Plugin {

  @Override
  default PluginKind kind() {
    return PluginKind.SOURCE;
  }

  /**
   * Creates the source for one run of a query. Validate every option here, so a bad value
   * fails at {@code start()}. Write nothing durable here: a query can still fail to start
   * after its source is created, and must leave its checkpoint as it was; record what you
   * need at the first {@code latestOffset}.
   */
  Source create(SourceContext context);
}
