package io.millrace.spi.state;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;

/**
 * The plugin that makes {@link StateStoreProvider}s, one per {@link StateStoreId}, selected
 * by {@code millrace.state.provider} (for example {@code hdfs} or {@code rocksdb}). Listed in
 * {@code META-INF/services/io.millrace.spi.state.StateStoreProviderFactory}.
 */
public interface StateStoreProviderFactory extends Plugin {

  @Override
  default PluginKind kind() {
    return PluginKind.STATE_STORE;
  }

  /** A new, uninitialised provider; the runtime calls {@link StateStoreProvider#init} next. */
  StateStoreProvider create();
}
