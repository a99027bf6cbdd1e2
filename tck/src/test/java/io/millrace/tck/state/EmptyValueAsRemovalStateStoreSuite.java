package io.millrace.tck.state;

/** The suite run on {@link EmptyValueAsRemovalStateStoreProvider}; run by {@link StateStoreSelfTest}, which expects T22 to fail. */
class EmptyValueAsRemovalStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-empty-value-as-removal", EmptyValueAsRemovalStateStoreProvider::new));
  }
}
