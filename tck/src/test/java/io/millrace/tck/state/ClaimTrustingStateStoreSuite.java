package io.millrace.tck.state;

/** The suite run on {@link ClaimTrustingStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class ClaimTrustingStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-claim-trusting", ClaimTrustingStateStoreProvider::new));
  }
}
