package io.millrace.plugins.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.storage.StorageLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalStorageLockTest {
  @TempDir Path dir;

  @Test
  void aHeldLockExcludesASecondOneInThisJvmUntilItIsClosed() throws Exception {
    URI path = dir.resolve("checkpoint/lock").toUri();
    LocalStorage storage = LocalStorage.forUri(dir.toUri());
    LocalStorage other = LocalStorage.forUri(dir.toUri());

    Optional<StorageLock> first = storage.tryLock(path);
    assertThat(first).isPresent();
    assertThat(storage.tryLock(path)).isEmpty();
    assertThat(other.tryLock(path)).as("another storage instance in the same JVM").isEmpty();

    first.get().close();
    first.get().close();
    Optional<StorageLock> again = other.tryLock(path);
    assertThat(again).isPresent();
    again.get().close();
  }

  @Test
  void locksOnDifferentFilesAreIndependent() throws Exception {
    LocalStorage storage = LocalStorage.forUri(dir.toUri());
    Optional<StorageLock> a = storage.tryLock(dir.resolve("a").toUri());
    Optional<StorageLock> b = storage.tryLock(dir.resolve("b").toUri());
    assertThat(a).isPresent();
    assertThat(b).isPresent();
    a.get().close();
    b.get().close();
  }

  @Test
  void aLockHeldByAnotherProcessIsRefusedAndFreedWhenThatProcessEnds() throws Exception {
    URI path = dir.resolve("lock").toUri();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(), path.toString())
        .redirectErrorStream(true)
        .start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).as("the child's first line").isEqualTo("locked");

      LocalStorage storage = LocalStorage.forUri(dir.toUri());
      assertThat(storage.tryLock(path)).as("while the child holds it").isEmpty();

      child.getOutputStream().close();
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
      Optional<StorageLock> lock = storage.tryLock(path);
      assertThat(lock).as("after the child ended").isPresent();
      lock.get().close();
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void aHeldLockFileCannotBeReadBecauseClosingTheReaderWouldReleaseTheLock() throws Exception {
    URI path = dir.resolve("lock").toUri();
    LocalStorage storage = LocalStorage.forUri(dir.toUri());
    Optional<StorageLock> lock = storage.tryLock(path);
    assertThat(lock).isPresent();
    assertThatThrownBy(() -> storage.readAll(path)).isInstanceOf(IOException.class).hasMessageContaining("lock file this JVM holds");
    lock.get().close();
    assertThat(storage.readAll(path)).isEmpty();
  }

  @Test
  void theLockFileIsCreatedWithItsDirectories() throws Exception {
    Path file = dir.resolve("a/b/lock");
    LocalStorage storage = LocalStorage.forUri(dir.toUri());
    Optional<StorageLock> lock = storage.tryLock(file.toUri());
    assertThat(lock).isPresent();
    assertThat(file).isRegularFile();
    lock.get().close();
  }
}
