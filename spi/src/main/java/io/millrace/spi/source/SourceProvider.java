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
   * fails at {@code start()}.
   */
  Source create(SourceContext context);
}
