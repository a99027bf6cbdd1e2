package io.millrace.tck.storage;

/** The suite on a storage that lists the first page only; run by {@link StorageSuiteSelfTest}, which expects F14 to fail. */
class PagedListingStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return MemoryKits.of(new PagedListingStorageProvider());
  }
}
