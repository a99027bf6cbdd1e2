package io.millrace.tck.state;

/** The suite run on {@link LeakyStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class LeakyStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-leaky", LeakyStateStoreProvider::new));
  }
}
