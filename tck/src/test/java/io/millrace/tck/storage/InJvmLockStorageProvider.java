package io.millrace.tck.storage;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageLock;
import io.millrace.spi.storage.StorageProvider;
import io.millrace.tck.reference.DiskStorageProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Broken on purpose: the reference disk storage, except that its locks are a JVM-wide set of
 * paths (a static field) instead of file locks, so they exclude every holder in this JVM and no
 * holder in another process. Must fail F15 only.
 */
public final class InJvmLockStorageProvider implements StorageProvider {
  private static final Set<String> HELD = ConcurrentHashMap.newKeySet();

  @Override
  public String name() {
    return "in-jvm-lock";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public Set<String> schemes() {
    return Set.of("file");
  }

  @Override
  public Storage open(URI uri, Options options) throws IOException {
    return new ForwardingStorage(new DiskStorageProvider().open(uri, options)) {
      @Override
      public Optional<StorageLock> tryLock(URI path) {
        String key = path.normalize().getPath();
        return HELD.add(key) ? Optional.of(() -> HELD.remove(key)) : Optional.empty();
      }
    };
  }
}
