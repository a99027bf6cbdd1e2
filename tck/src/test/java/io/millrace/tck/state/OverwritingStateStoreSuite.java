package io.millrace.tck.state;

/** The suite run on {@link OverwritingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class OverwritingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(new ReferenceStateStoreFactory("tck-overwriting", OverwritingStateStoreProvider::new));
  }
}
