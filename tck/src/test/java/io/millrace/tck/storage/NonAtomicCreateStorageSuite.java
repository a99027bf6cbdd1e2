package io.millrace.tck.storage;

/** The suite on {@link NonAtomicCreateStorage}; run by {@link StorageSuiteSelfTest}, not by surefire. */
class NonAtomicCreateStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new NonAtomicCreateStorageProvider());
  }
}
