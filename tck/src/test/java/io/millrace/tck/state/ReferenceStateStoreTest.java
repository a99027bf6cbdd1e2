package io.millrace.tck.state;

/** The reference state store passes every rule (run directly, and counted by {@link StateStoreSelfTest}). */
class ReferenceStateStoreTest extends StateStoreContractSuite {
  @Override
  protected StateStoreKit kit() {
    return new ReferenceKit(ReferenceStateStoreFactory.reference());
  }
}
