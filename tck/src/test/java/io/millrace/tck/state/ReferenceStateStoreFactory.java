package io.millrace.tck.state;

import io.millrace.spi.Spi;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.util.function.Supplier;

/** Makes the reference provider, or one of the broken variants the self-test runs. */
final class ReferenceStateStoreFactory implements StateStoreProviderFactory {
  private final String name;
  private final Supplier<StateStoreProvider> providers;

  ReferenceStateStoreFactory(String name, Supplier<StateStoreProvider> providers) {
    this.name = name;
    this.providers = providers;
  }

  static ReferenceStateStoreFactory reference() {
    return new ReferenceStateStoreFactory("tck-reference", ReferenceStateStoreProvider::new);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public StateStoreProvider create() {
    return providers.get();
  }
}
