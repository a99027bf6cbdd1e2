package io.millrace.tck.state;

/** The suite run on {@link StoreNameIgnoringStateStoreProvider}; run by {@link StateStoreSelfTest}, which expects T25 to fail. */
class StoreNameIgnoringStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-store-name-ignoring",
        StoreNameIgnoringStateStoreProvider::new));
  }
}
