package io.millrace.runtime.testplugins;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginContext;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;

/**
 * State store {@code unopenable-state}: every provider fails in {@code init}, as a store whose
 * native library or directory is missing does, so a test can start a query that fails there.
 */
public final class UnopenableStateStoreFactory implements StateStoreProviderFactory {
  @Override
  public String name() {
    return "unopenable-state";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public StateStoreProvider create() {
    return new StateStoreProvider() {
      @Override
      public void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context) {
        throw new MillraceException("unopenable-state cannot open " + id);
      }

      @Override
      public StateStore getStore(long version) {
        throw new IllegalStateException("never opened");
      }

      @Override
      public ReadStateStore getReadStore(long version) {
        throw new IllegalStateException("never opened");
      }

      @Override
      public void doMaintenance() {}

      @Override
      public void close() {}
    };
  }
}
