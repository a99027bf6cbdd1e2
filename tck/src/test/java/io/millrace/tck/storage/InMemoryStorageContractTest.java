package io.millrace.tck.storage;

import io.millrace.tck.reference.InMemoryStorageProvider;

/** The reference in-memory storage passes every storage rule; the child-JVM rules skip, as its files live in this JVM. */
class InMemoryStorageContractTest extends StorageContractSuite {
  @Override
  protected StorageKit kit() {
    return MemoryKits.of(new InMemoryStorageProvider());
  }
}
