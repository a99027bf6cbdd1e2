package io.millrace.tck.state;

/** Makes {@link StaticRegistryStateStoreProvider}s; public with a no-argument constructor, so T24's child JVM makes them too. */
public final class StaticRegistryStateStoreFactory extends ReferenceStateStoreFactory {
  public StaticRegistryStateStoreFactory() {
    super("tck-static-registry", StaticRegistryStateStoreProvider::new);
  }
}
