package io.millrace.tck.state;

/** The suite run on {@link StartSkippingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class StartSkippingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-start-skipping", StartSkippingStateStoreProvider::new));
  }
}
