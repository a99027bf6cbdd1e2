package io.millrace.tck.storage;

import io.millrace.tck.reference.DiskStorageProvider;

/** The reference disk storage passes every storage rule, the child-JVM ones included, in fresh temporary directories. */
class DiskStorageContractTest extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new DiskStorageProvider());
  }
}
