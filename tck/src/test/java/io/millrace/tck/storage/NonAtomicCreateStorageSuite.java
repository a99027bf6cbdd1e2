package io.millrace.tck.storage;

import java.net.URI;
import java.util.Map;
import java.util.UUID;

/** The suite on {@link NonAtomicCreateStorage}; run by {@link StorageSuiteSelfTest}, not by surefire. */
class NonAtomicCreateStorageSuite extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new NonAtomicCreateStorageProvider(), Map.of(),
        () -> URI.create("mem:/tck/" + UUID.randomUUID() + "/"));
  }
}
