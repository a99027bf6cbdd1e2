package io.millrace.tck.state;

/** The suite run on {@link OverreachingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class OverreachingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(new ReferenceStateStoreFactory("tck-overreaching", OverreachingStateStoreProvider::new));
  }
}
