package io.millrace.tck.storage;

/** The suite on a storage whose instances keep committed files to themselves until closed; run by {@link StorageSuiteSelfTest}, which expects F12 to fail. */
class InstanceBufferedStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return MemoryKits.of(new InstanceBufferedStorageProvider());
  }
}
