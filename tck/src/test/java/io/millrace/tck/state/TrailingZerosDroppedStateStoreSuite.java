package io.millrace.tck.state;

/** The suite run on {@link TrailingZerosDroppedStateStoreProvider}; run by {@link StateStoreSelfTest}, which expects T23 to fail. */
class TrailingZerosDroppedStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-trailing-zeros-dropped", TrailingZerosDroppedStateStoreProvider::new));
  }
}
