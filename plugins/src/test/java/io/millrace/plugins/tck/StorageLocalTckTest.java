package io.millrace.plugins.tck;

import io.millrace.plugins.storage.LocalStorageProvider;
import io.millrace.tck.storage.StorageContractSuite;
import io.millrace.tck.storage.StorageKit;

/** The built-in {@code file:} storage passes the storage TCK, each rule in a fresh temporary directory. */
class StorageLocalTckTest extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new LocalStorageProvider());
  }
}
