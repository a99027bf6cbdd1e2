package io.millrace.runtime.testplugins;

import io.millrace.spi.PluginContext;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * State store {@code counting-state}: holds nothing, counts how many providers were opened,
 * maintained and closed, so a test can tell whether a query released what it opened.
 */
public final class CountingStateStoreFactory implements StateStoreProviderFactory {
  public static final AtomicInteger OPENED = new AtomicInteger();
  public static final AtomicInteger MAINTAINED = new AtomicInteger();
  public static final AtomicInteger CLOSED = new AtomicInteger();

  @Override
  public String name() {
    return "counting-state";
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
        OPENED.incrementAndGet();
      }

      @Override
      public StateStore getStore(long version) {
        throw new UnsupportedOperationException("counting-state keeps no state");
      }

      @Override
      public ReadStateStore getReadStore(long version) {
        throw new UnsupportedOperationException("counting-state keeps no state");
      }

      @Override
      public void doMaintenance() {
        MAINTAINED.incrementAndGet();
      }

      @Override
      public void close() {
        CLOSED.incrementAndGet();
      }
    };
  }
}
