package io.millrace.tck.storage;

/** The suite on a storage that keeps committed files in a static write-behind cache; run by {@link StorageSuiteSelfTest}, which expects F13 to fail. */
class StaticWriteBehindStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new StaticWriteBehindStorageProvider());
  }
}
