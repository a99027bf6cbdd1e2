package io.millrace.tck.state;

/** The suite run on {@link OverwritingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class OverwritingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-overwriting", OverwritingStateStoreProvider::new));
  }
}
