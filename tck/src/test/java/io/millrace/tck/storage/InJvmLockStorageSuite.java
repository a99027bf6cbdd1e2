package io.millrace.tck.storage;

/** The suite on a storage whose locks exclude only holders in this JVM; run by {@link StorageSuiteSelfTest}, which expects F15 to fail. */
class InJvmLockStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new InJvmLockStorageProvider());
  }
}
