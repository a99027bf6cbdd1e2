package io.millrace.tck.state;

/** The suite run on {@link OverreachingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class OverreachingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-overreaching", OverreachingStateStoreProvider::new));
  }
}
