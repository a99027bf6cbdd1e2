package io.millrace.tck.state;

/** The suite run on {@link LeakyStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class LeakyStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(new ReferenceStateStoreFactory("tck-leaky", LeakyStateStoreProvider::new));
  }
}
