package io.millrace.tck.storage;

import io.millrace.spi.storage.StorageProvider;
import java.net.URI;
import java.util.UUID;

/** Kits over the reference {@code mem:} storage, whose files live in this JVM: the child-JVM rules skip. */
final class MemoryKits {
  private MemoryKits() {}

  static StorageKit of(StorageProvider provider) {
    return new StorageKit() {
      @Override
      public StorageProvider provider() {
        return provider;
      }

      @Override
      public URI freshRoot() {
        return URI.create("mem:/tck/" + UUID.randomUUID() + "/");
      }

      @Override
      public boolean reachableFromAnotherProcess() {
        return false;
      }
    };
  }
}
