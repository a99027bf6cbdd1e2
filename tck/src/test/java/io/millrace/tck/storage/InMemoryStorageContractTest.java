package io.millrace.tck.storage;

import io.millrace.tck.reference.InMemoryStorageProvider;
import java.net.URI;
import java.util.Map;
import java.util.UUID;

/** The reference in-memory storage passes every storage rule. */
class InMemoryStorageContractTest extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return StorageKit.of(new InMemoryStorageProvider(), Map.of(), () -> URI.create("mem:/tck/" + UUID.randomUUID() + "/"));
  }
}
