package io.millrace.tck.state;

/** The suite run on {@link StaticRegistryStateStoreProvider}; run by {@link StateStoreSelfTest}, which expects T24 to fail. */
class StaticRegistryStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(new StaticRegistryStateStoreFactory());
  }
}
