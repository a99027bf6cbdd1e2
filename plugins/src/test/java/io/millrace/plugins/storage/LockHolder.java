package io.millrace.plugins.storage;

import io.millrace.spi.storage.StorageLock;
import java.net.URI;
import java.util.Optional;

/**
 * Run in a child JVM by {@link LocalStorageLockTest}: takes the lock on {@code args[0]}, says
 * {@code locked} (or {@code refused}) and holds it until its standard input closes.
 */
public final class LockHolder {

  private LockHolder() {}

  public static void main(String[] args) throws Exception {
    URI path = URI.create(args[0]);
    Optional<StorageLock> lock = LocalStorage.forUri(path).tryLock(path);
    System.out.println(lock.isPresent() ? "locked" : "refused");
    System.out.flush();
    System.in.readAllBytes();
    if (lock.isPresent()) {
      lock.get().close();
    }
  }
}
