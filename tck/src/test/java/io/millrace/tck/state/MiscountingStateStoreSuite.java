package io.millrace.tck.state;

/** The suite run on {@link MiscountingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class MiscountingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-miscounting", MiscountingStateStoreProvider::new));
  }
}
