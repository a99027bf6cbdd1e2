package io.millrace.tck.state;

import io.millrace.spi.Spi;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateStoreProviderFactory;
import java.util.function.Supplier;

/**
 * Makes the reference provider (the public no-argument constructor, which a child JVM uses
 * too), or one of the broken variants the self-test runs.
 */
public class ReferenceStateStoreFactory implements StateStoreProviderFactory {
  private final String name;
  private final Supplier<StateStoreProvider> providers;

  public ReferenceStateStoreFactory() {
    this("tck-reference", ReferenceStateStoreProvider::new);
  }

  ReferenceStateStoreFactory(String name, Supplier<StateStoreProvider> providers) {
    this.name = name;
    this.providers = providers;
  }

  static ReferenceStateStoreFactory reference() {
    return new ReferenceStateStoreFactory();
  }

  /**
   * A broken variant for suites that need no child JVM: an anonymous class, which a child JVM
   * cannot create by name, so T24 skips for it (a child would otherwise build the reference).
   */
  static StateStoreProviderFactory variant(String name, Supplier<StateStoreProvider> providers) {
    return new ReferenceStateStoreFactory(name, providers) {};
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
