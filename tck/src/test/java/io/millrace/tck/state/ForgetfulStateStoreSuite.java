package io.millrace.tck.state;

/** The suite run on {@link ForgetfulStateStoreProvider}; run by {@link StateStoreSelfTest}, not by surefire. */
class ForgetfulStateStoreSuite extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.variant("tck-forgetful", ForgetfulStateStoreProvider::new));
  }
}
