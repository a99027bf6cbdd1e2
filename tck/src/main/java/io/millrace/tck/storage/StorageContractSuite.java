package io.millrace.tck.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageLock;
import io.millrace.tck.Capability;
import io.millrace.tck.Tck;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.ChildPlugins;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link io.millrace.spi.storage.StorageProvider} plugin: atomic visibility,
 * create-if-absent under racing writers, durability across instances, listing, reading,
 * deleting, directories and locks. To run it, extend this class in your plugin's tests:
 *
 * <pre>{@code
 * class MyStorageTckTest extends StorageContractSuite {
 *   @Override
 *   protected StorageKit kit() {
 *     return StorageKit.of(new MyStorageProvider(), Map.of(),
 *         () -> URI.create("mys://tck/" + UUID.randomUUID() + "/"));
 *   }
 * }
 * }</pre>
 *
 * <p>Each rule works under a fresh root from {@link StorageKit#freshRoot()} (a temporary
 * {@code file:} directory by default), which the suite deletes afterwards. Rules that need a
 * capability the storage does not declare ({@code atomicCreateIfAbsent}, {@code locks}) are
 * skipped with the reason. Waits are bounded by the TCK timeout; none decides a result.
 */
public abstract class StorageContractSuite {
  private static final int RACING_WRITERS = 8;
  private static final int RACE_ROUNDS = 20;
  private static final int STREAMED_CHUNK = 64 * 1024;
  private static final int STREAMED_CHUNKS = 64;
  private static final int READERS = 3;
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final long DAY_MILLIS = 86_400_000L;
  /**
   * Into the third of S3's pages of 1,000 keys (and past HDFS's {@code dfs.ls.limit}): a client
   * that forgets the next page misses the second, and one that follows a single continuation
   * token misses the third; more would only cost time, an operation each, on the stores that run
   * in the test's JVM.
   */
  private static final int LISTED_ENTRIES = 2_100;
  /** Every so many of them a file, the rest directories. */
  private static final int LISTED_FILE_EVERY = 25;

  private StorageKit kit;
  private URI root;
  private Storage storage;
  private final List<Storage> opened = new ArrayList<>();

  /** The storage under test: its provider, options and where rules may write. Called once per rule. */
  protected abstract StorageKit kit();

  @BeforeEach
  void openStorage() throws IOException {
    kit = kit();
    URI given = kit.freshRoot();
    root = given.toString().endsWith("/") ? given : URI.create(given + "/");
    storage = open();
  }

  @AfterEach
  void cleanUp() throws IOException {
    try {
      storage.delete(root);
    } catch (IOException | RuntimeException e) {
      // Best effort: a leftover test directory is not a rule's result.
    }
    for (Storage s : opened) {
      try {
        s.close();
      } catch (IOException | RuntimeException e) {
        // Same: closing is not under test here.
      }
    }
    kit.close();
  }

  @Test
  @DisplayName("F01 create-if-absent is atomic: of writers racing for one path exactly one commit wins, the others get FileAlreadyExistsException, and the file holds the winner's bytes")
  void f01_createIfAbsentIsAtomicUnderRacingWriters() throws Exception {
    Capability.require(storage.capabilities().atomicCreateIfAbsent(), "F01 needs atomicCreateIfAbsent; the storage"
        + " declares it false, so two writers of one checkpoint would not be caught");
    ExecutorService pool = Executors.newFixedThreadPool(RACING_WRITERS);
    try {
      for (int round = 0; round < RACE_ROUNDS; round++) {
        race(pool, path("race/" + round + "/file"));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private void race(ExecutorService pool, URI target) throws Exception {
    storage.mkdirs(parent(target));
    CyclicBarrier allWritten = new CyclicBarrier(RACING_WRITERS);
    List<byte[]> contents = new ArrayList<>();
    List<Future<Boolean>> commits = new ArrayList<>();
    for (int w = 0; w < RACING_WRITERS; w++) {
      byte[] mine = ("writer " + w + " of " + target + " ").repeat(w + 1).getBytes(StandardCharsets.UTF_8);
      contents.add(mine);
      commits.add(pool.submit(() -> {
        try (AtomicOutputStream out = storage.create(target)) {
          out.write(mine);
          allWritten.await(Tck.timeout(WAIT).toMillis(), TimeUnit.MILLISECONDS);
          try {
            out.commit();
            return true;
          } catch (FileAlreadyExistsException lost) {
            return false;
          }
        }
      }));
    }
    List<Integer> winners = new ArrayList<>();
    for (int w = 0; w < RACING_WRITERS; w++) {
      if (outcome(commits.get(w), target)) {
        winners.add(w);
      }
    }
    if (winners.size() != 1) {
      fail("F01 " + RACING_WRITERS + " writers raced to commit " + target + ": exactly one must succeed and "
          + (RACING_WRITERS - 1) + " must get FileAlreadyExistsException, but " + winners.size() + " succeeded (writers "
          + winners + ")");
    }
    byte[] onDisk = storage.readAll(target);
    assertArrayEquals(contents.get(winners.get(0)), onDisk, () -> "F01 writer " + winners.get(0) + " won the race for "
        + target + " but the file holds " + onDisk.length + " other bytes: '" + preview(onDisk) + "'");
  }

  private static boolean outcome(Future<Boolean> commit, URI target) throws Exception {
    try {
      return commit.get(Tck.timeout(WAIT).toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("F01 a racing writer of " + target + " did not finish within " + Tck.timeout(WAIT), e);
    } catch (ExecutionException e) {
      throw new AssertionError("F01 a racing writer of " + target + " failed with " + e.getCause()
          + " instead of committing or getting FileAlreadyExistsException", e.getCause());
    }
  }

  @Test
  @DisplayName("F02 committing over an existing file fails with FileAlreadyExistsException and leaves the file as it was")
  void f02_commitNeverReplacesAFile() throws IOException {
    URI target = path("existing/file");
    byte[] first = bytes("F02 first", 100);
    byte[] second = bytes("F02 second", 200);
    write(storage, target, first);
    try (AtomicOutputStream out = storage.create(target)) {
      out.write(second);
      assertThrows(FileAlreadyExistsException.class, out::commit,
          () -> "F02 commit() of " + target + ", which exists, must throw FileAlreadyExistsException");
    }
    assertArrayEquals(first, storage.readAll(target), "F02 a refused commit replaced the bytes of " + target);
    assertFalse(storage.createIfAbsent(target, second), "F02 createIfAbsent of an existing file must return false");
    assertArrayEquals(first, storage.readAll(target), "F02 createIfAbsent replaced the bytes of " + target);
  }

  @Test
  @DisplayName("F03 a file being written is absent from open, status and list until commit, and whole after it")
  void f03_invisibleUntilCommitThenWhole() throws IOException {
    URI target = path("visible/file");
    byte[] content = bytes("F03", 10_000);
    try (AtomicOutputStream out = storage.create(target)) {
      out.write(content, 0, content.length / 2);
      assertAbsent("F03", target, "while half of it is written");
      out.write(content, content.length / 2, content.length - content.length / 2);
      out.flush();
      assertAbsent("F03", target, "after all bytes are written and flushed but before commit()");
      out.commit();
    }
    assertWhole("F03", storage, target, content, "after commit()");
  }

  @Test
  @DisplayName("F04 readers racing a writer that streams a large file in chunks see it absent or whole, never partial")
  void f04_concurrentReadersNeverSeePartialFile() throws Exception {
    URI dir = path("streamed");
    URI target = path("streamed/big");
    byte[] content = bytes("F04", STREAMED_CHUNK * STREAMED_CHUNKS);
    storage.mkdirs(dir);
    AtomicBoolean committed = new AtomicBoolean();
    ConcurrentReaders readers = new ConcurrentReaders(READERS, "F04", () -> observeAbsentOrWhole(target, dir, content,
        committed.get()));
    try {
      try (AtomicOutputStream out = storage.create(target)) {
        for (int chunk = 0; chunk < STREAMED_CHUNKS; chunk++) {
          out.write(content, chunk * STREAMED_CHUNK, STREAMED_CHUNK);
          out.flush();
          readers.awaitObservationsAbove(readers.observations(), Tck.timeout(WAIT), "F04");
        }
        out.commit();
      }
      committed.set(true);
      readers.awaitObservationsAbove(readers.observations() + READERS, Tck.timeout(WAIT), "F04");
    } finally {
      readers.stop(Tck.timeout(WAIT), "F04");
    }
  }

  private void observeAbsentOrWhole(URI target, URI dir, byte[] content, boolean committedBefore) throws IOException {
    String when = committedBefore ? "after commit() returned" : "while it was being written";
    Optional<FileInfo> status = storage.status(target);
    if (status.isPresent() && status.get().size() != content.length) {
      fail("F04 " + when + ", status(" + target + ") showed " + status.get().size() + " of " + content.length + " bytes");
    }
    try {
      byte[] read = storage.readAll(target);
      if (!Arrays.equals(content, read)) {
        fail("F04 " + when + ", readAll(" + target + ") returned " + read.length + " bytes that are not the whole "
            + content.length + "-byte file (first difference at byte " + Arrays.mismatch(content, read) + ")");
      }
    } catch (NoSuchFileException absent) {
      if (committedBefore) {
        fail("F04 readAll(" + target + ") found no file after commit() returned");
      }
    }
    for (FileInfo child : storage.list(dir)) {
      if (child.name().equals("big") && child.size() != content.length) {
        fail("F04 " + when + ", list(" + dir + ") showed " + child.name() + " with " + child.size() + " of "
            + content.length + " bytes");
      }
    }
  }

  @Test
  @DisplayName("F05 a write closed or aborted without commit leaves nothing: no file, and no temporary file in the listing")
  void f05_abandonedWriteLeavesNothing() throws IOException {
    URI dir = path("abandoned");
    URI closed = path("abandoned/closed");
    URI aborted = path("abandoned/aborted");
    URI failed = path("abandoned/failed");
    byte[] content = bytes("F05", 5_000);
    try (AtomicOutputStream out = storage.create(closed)) {
      out.write(content);
    }
    AtomicOutputStream out = storage.create(aborted);
    out.write(content);
    out.abort();
    out.close();
    IllegalStateException writerFailure = new IllegalStateException("F05 the writer failed");
    assertThrows(IllegalStateException.class, () -> {
      try (AtomicOutputStream failing = storage.create(failed)) {
        failing.write(content);
        throw writerFailure;
      }
    });
    for (URI target : List.of(closed, aborted, failed)) {
      assertAbsent("F05", target, "after its write was abandoned");
    }
    List<String> left = names(storage.list(dir));
    assertEquals(List.of(), left, () -> "F05 abandoned writes must leave nothing, but list(" + dir + ") shows " + left);
    write(storage, closed, content);
    assertWhole("F05", storage, closed, content, "written again after an abandoned write");
  }

  @Test
  @DisplayName("F06 a committed file survives a fresh Storage instance from the provider")
  void f06_committedFileSurvivesFreshInstance() throws IOException {
    URI target = path("durable/file");
    byte[] content = bytes("F06", 3_000);
    Storage writer = open();
    write(writer, target, content);
    close(writer);
    assertWhole("F06", open(), target, content, "read through a fresh instance from the provider, the writer's closed");
  }

  @Test
  @DisplayName("F07 list returns the direct children with sizes, times and directory flags, never the temporary files of unfinished writes")
  void f07_listShowsDirectChildren() throws IOException {
    URI dir = path("listed");
    write(storage, path("listed/a"), bytes("F07 a", 3));
    write(storage, path("listed/empty"), new byte[0]);
    write(storage, path("listed/sub/c"), bytes("F07 c", 5));
    write(storage, path("listed/sub/deeper/d"), bytes("F07 d", 1));
    storage.mkdirs(path("listed/dir"));
    long now = System.currentTimeMillis();
    try (AtomicOutputStream unfinished = storage.create(path("listed/unfinished"))) {
      unfinished.write(bytes("F07 unfinished", 1_000));
      unfinished.flush();
      expectChildren(dir, Map.of("a", 3L, "empty", 0L, "sub", -1L, "dir", -1L), now);
      expectChildren(path("listed/sub"), Map.of("c", 5L, "deeper", -1L), now);
    }
    List<String> missing = names(storage.list(path("no-such-dir")));
    assertEquals(List.of(), missing, () -> "F07 list of a missing directory must be empty, but shows " + missing);
  }

  /** {@code expected} maps names to file sizes, or to -1 for directories. */
  private void expectChildren(URI dir, Map<String, Long> expected, long now) throws IOException {
    Map<String, FileInfo> children = new TreeMap<>();
    for (FileInfo child : storage.list(dir)) {
      if (children.put(child.name(), child) != null) {
        fail("F07 list(" + dir + ") shows '" + child.name() + "' twice");
      }
    }
    assertEquals(new TreeMap<>(expected).keySet(), children.keySet(), () -> "F07 list(" + dir
        + ") must show exactly its direct children (and no temporary file of the unfinished write); it shows " + children);
    String dirPath = stripSlash(dir.getPath());
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      FileInfo child = children.get(e.getKey());
      boolean directory = e.getValue() < 0;
      String what = "F07 list(" + dir + ") entry " + child;
      assertEquals(directory, child.directory(), () -> what + " must " + (directory ? "" : "not ") + "be a directory");
      assertEquals(directory ? 0L : e.getValue(), child.size(), () -> what + " has the wrong size");
      assertEquals(dirPath + "/" + e.getKey(), stripSlash(child.path().getPath()), () -> what + " has the wrong path");
      assertTrue(child.path().getScheme().equalsIgnoreCase(root.getScheme()), () -> what + " has the wrong scheme");
      if (!directory && Math.abs(child.modificationTimeMillis() - now) > DAY_MILLIS) {
        fail(what + " has a modification time " + child.modificationTimeMillis() + " ms, more than a day from now ("
            + now + ") for a file written just now");
      }
    }
  }

  @Test
  @DisplayName("F08 reading a missing file throws NoSuchFileException")
  void f08_readingMissingFileThrowsNoSuchFile() {
    for (URI missing : List.of(path("missing"), path("no/such/dir/file"))) {
      assertThrows(NoSuchFileException.class, () -> storage.open(missing).close(),
          () -> "F08 open(" + missing + ") of a missing file must throw NoSuchFileException");
      assertThrows(NoSuchFileException.class, () -> storage.readAll(missing),
          () -> "F08 readAll(" + missing + ") of a missing file must throw NoSuchFileException");
    }
  }

  @Test
  @DisplayName("F09 delete of a file or a directory tree returns true and removes it; of a missing path it returns false")
  void f09_deleteFilesTreesAndMissingPaths() throws IOException {
    URI file = path("deleted/file");
    write(storage, file, bytes("F09 file", 10));
    assertTrue(storage.delete(file), "F09 delete of the file " + file + " must return true");
    assertAbsent("F09", file, "after delete");
    URI tree = path("deleted/tree");
    List<URI> inside = List.of(path("deleted/tree/x"), path("deleted/tree/sub/y"), path("deleted/tree/sub/deeper/z"));
    for (URI f : inside) {
      write(storage, f, bytes("F09 " + f, 10));
    }
    storage.mkdirs(path("deleted/tree/empty"));
    assertTrue(storage.delete(tree), "F09 delete of the directory " + tree + " must return true");
    for (URI gone : List.of(tree, path("deleted/tree/sub"), path("deleted/tree/empty"), inside.get(0), inside.get(2))) {
      assertEquals(Optional.empty(), storage.status(gone), () -> "F09 " + gone + " must be gone after delete of " + tree);
    }
    List<String> left = names(storage.list(path("deleted")));
    assertEquals(List.of(), left, () -> "F09 list of the parent after both deletes shows " + left);
    assertFalse(storage.delete(path("deleted/never-there")), "F09 delete of a missing path must return false");
    assertFalse(storage.delete(file), "F09 delete of an already deleted file must return false");
  }

  @Test
  @DisplayName("F10 mkdirs is idempotent and keeps what the directory holds; create makes missing parent directories")
  void f10_mkdirsIsIdempotentAndCreateMakesParents() throws IOException {
    URI dir = path("made/a/b");
    storage.mkdirs(dir);
    storage.mkdirs(dir);
    assertDirectory(dir, "after mkdirs twice");
    assertDirectory(path("made/a"), "after mkdirs of a child");
    byte[] content = bytes("F10", 42);
    write(storage, path("made/a/b/file"), content);
    storage.mkdirs(dir);
    assertWhole("F10", storage, path("made/a/b/file"), content, "after mkdirs of its directory again");
    write(storage, path("made/p/q/r/file"), content);
    assertDirectory(path("made/p/q/r"), "after a commit into it, never made with mkdirs");
  }

  @Test
  @DisplayName("F11 a second tryLock of a path is refused until the first lock is closed")
  void f11_secondLockRefusedUntilFirstClosed() throws IOException {
    Capability.require(storage.capabilities().locks(), "F11 needs locks; the storage declares locks() false");
    URI lock = path("locks/query.lock");
    Storage other = open();
    StorageLock first = storage.tryLock(lock)
        .orElseThrow(() -> new AssertionError("F11 the first tryLock(" + lock + ") of a free path must succeed"));
    try {
      refused(storage, lock, "from the same instance");
      refused(other, lock, "from another instance from the provider");
    } finally {
      first.close();
    }
    StorageLock second = other.tryLock(lock).orElseThrow(
        () -> new AssertionError("F11 tryLock(" + lock + ") must succeed once the first lock is closed"));
    try {
      refused(storage, lock, "while another instance holds it");
    } finally {
      second.close();
    }
  }

  @Test
  @DisplayName("F12 a committed file is whole for a fresh instance while the writing instance is still open")
  void f12_committedFileVisibleBeforeTheWriterIsClosed() throws IOException {
    URI small = path("open-writer/small");
    URI large = path("open-writer/large");
    byte[] smallContent = bytes("F12 small", 100);
    byte[] largeContent = bytes("F12 large", STREAMED_CHUNK * 4);
    Storage writer = open();
    write(writer, small, smallContent);
    try (AtomicOutputStream out = writer.create(large)) {
      for (int chunk = 0; chunk < 4; chunk++) {
        out.write(largeContent, chunk * STREAMED_CHUNK, STREAMED_CHUNK);
      }
      out.commit();
    }
    Storage reader = open();
    assertWhole("F12", reader, small, smallContent, "read through a fresh instance while the writer's instance is open");
    assertWhole("F12", reader, large, largeContent, "read through a fresh instance while the writer's instance is open");
  }

  @Test
  @DisplayName("F13 committed files outlive their writer's process, halted in a child JVM without closing anything; an open write leaves nothing [child JVM]")
  void f13_committedFilesOutliveAHaltedProcess() throws Exception {
    requireChildJvm("F13");
    URI small = path("halted/small");
    URI large = path("halted/deeper/large");
    URI unfinished = path("halted/unfinished");
    Map<URI, Integer> files = new java.util.LinkedHashMap<>();
    files.put(small, 10);
    files.put(large, STREAMED_CHUNK * 8 + 3);
    files.put(unfinished, -1000);
    int exit;
    try (ChildJvm child = ChildJvm.start("F13", StorageChild.write(kit, root, files), kit.provider().getClass())) {
      assertEquals("written", child.receive(), "F13 the child JVM's report");
      exit = child.awaitExit();
      assertEquals(ChildJvm.HALTED, exit, () -> "F13 the child JVM was to halt after writing" + child.log());
    }
    Storage fresh = open();
    assertWhole("F13", fresh, small, StorageChild.content(small, 10), "after the process that committed it halted");
    assertWhole("F13", fresh, large, StorageChild.content(large, STREAMED_CHUNK * 8 + 3),
        "after the process that committed it halted");
    assertAbsent("F13", unfinished, "after the process writing it halted before commit");
    List<String> listed = names(fresh.list(path("halted")));
    assertEquals(List.of("deeper", "small"), listed,
        () -> "F13 list(" + path("halted") + ") after the writer halted shows " + listed);
  }

  @Test
  @DisplayName("F14 a directory of 2,100 entries lists every one, into the third page (1,000 keys each) of an object store")
  void f14_listingOfThousandsOfEntries() throws Exception {
    URI dir = path("many");
    List<String> expected = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> made = new ArrayList<>();
      // Mostly directories, one metadata operation each, so that object stores and HDFS make
      // thousands quickly; files among them, spread over the pages, to check sizes as well.
      for (int i = 0; i < LISTED_ENTRIES; i++) {
        String name = "entry-" + i;
        expected.add(name);
        boolean file = i % LISTED_FILE_EVERY == 0;
        made.add(pool.submit(() -> {
          if (file) {
            write(storage, path("many/" + name), name.getBytes(StandardCharsets.UTF_8));
          } else {
            storage.mkdirs(path("many/" + name));
          }
          return null;
        }));
      }
      for (Future<?> m : made) {
        m.get(Tck.timeout(WAIT).toMillis(), TimeUnit.MILLISECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    List<FileInfo> listed = storage.list(dir);
    List<String> names = names(listed);
    List<String> want = expected.stream().sorted().toList();
    if (!names.equals(want)) {
      List<String> missing = new ArrayList<>(want);
      missing.removeAll(names);
      List<String> extra = new ArrayList<>(names);
      extra.removeAll(want);
      fail("F14 list(" + dir + ") of " + want.size() + " entries returned " + names.size() + "; missing "
          + missing.size() + " (first: " + missing.stream().limit(5).toList() + "), unexpected " + extra.size()
          + " (first: " + extra.stream().limit(5).toList() + ")");
    }
    for (FileInfo f : listed) {
      boolean file = Integer.parseInt(f.name().substring("entry-".length())) % LISTED_FILE_EVERY == 0;
      assertEquals(!file, f.directory(), () -> "F14 " + f.path() + " is listed as a " + (file ? "directory" : "file"));
      if (file) {
        assertEquals(f.name().length(), f.size(), () -> "F14 the listed size of " + f.path());
      }
    }
  }

  @Test
  @DisplayName("F15 a lock held in another process is refused here and freed when that process dies, and a lock held here is refused there [locks, child JVM]")
  void f15_lockExcludesAnotherProcess() throws Exception {
    Capability.require(storage.capabilities().locks(), "F15 needs locks; the storage declares locks() false");
    requireChildJvm("F15");
    URI theirs = path("locks/theirs.lock");
    URI ours = path("locks/ours.lock");
    StorageLock mine = storage.tryLock(ours)
        .orElseThrow(() -> new AssertionError("F15 the first tryLock(" + ours + ") of a free path must succeed"));
    try (ChildJvm child = ChildJvm.start("F15", StorageChild.lock(kit, root, theirs, ours), kit.provider().getClass())) {
      assertEquals("locked", child.receive(), () -> "F15 the child JVM's tryLock(" + theirs + ") of a free path" + child.log());
      assertEquals("refused", child.receive(), () -> "F15 the child JVM's tryLock(" + ours + "), which this process"
          + " holds, must be refused" + child.log());
      refused(storage, theirs, "while another process holds it", "F15");
      refused(open(), theirs, "through a fresh instance while another process holds it", "F15");
      child.kill();
    } finally {
      mine.close();
    }
    long deadline = System.nanoTime() + Tck.timeout(WAIT).toNanos();
    Optional<StorageLock> freed = storage.tryLock(theirs);
    while (freed.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100); // waiting only: a lock the OS frees with its holder is free at once
      freed = storage.tryLock(theirs);
    }
    assertTrue(freed.isPresent(), () -> "F15 tryLock(" + theirs + ") still refused " + Tck.timeout(WAIT)
        + " after the process holding it was killed");
    freed.get().close();
  }

  private void requireChildJvm(String rule) {
    Capability.require(kit.reachableFromAnotherProcess(), rule + " runs a child JVM, and the kit says another process"
        + " cannot reach what this storage holds (StorageKit.reachableFromAnotherProcess() is false)");
    Optional<String> why = ChildPlugins.whyNotCreatable(kit.provider().getClass());
    Capability.require(why.isEmpty(), rule + " runs a child JVM, which cannot create the provider: " + why.orElse(""));
  }

  private static void refused(Storage s, URI lock, String how) throws IOException {
    refused(s, lock, how, "F11");
  }

  private static void refused(Storage s, URI lock, String how, String rule) throws IOException {
    Optional<StorageLock> again = s.tryLock(lock);
    if (again.isPresent()) {
      again.get().close();
      fail(rule + " a second tryLock(" + lock + ") " + how + " must be refused while the lock is held, but it succeeded");
    }
  }

  /** A new instance from the provider for this rule's root, closed after the rule. */
  private Storage open() throws IOException {
    Storage s = kit.open(root);
    opened.add(s);
    return s;
  }

  private void close(Storage s) throws IOException {
    opened.remove(s);
    s.close();
  }

  private URI path(String relative) {
    return root.resolve(relative);
  }

  private static void write(Storage s, URI target, byte[] content) throws IOException {
    try (AtomicOutputStream out = s.create(target)) {
      out.write(content);
      out.commit();
    }
  }

  private void assertAbsent(String rule, URI target, String when) throws IOException {
    try (InputStream in = storage.open(target)) {
      fail(rule + " open(" + target + ") must throw NoSuchFileException " + when + ", but it returned a stream");
    } catch (NoSuchFileException expected) {
      // absent, as it must be
    }
    Optional<FileInfo> status = storage.status(target);
    assertEquals(Optional.empty(), status, () -> rule + " status(" + target + ") must be empty " + when);
    List<String> listed = names(storage.list(parent(target)));
    assertFalse(listed.contains(name(target)),
        () -> rule + " list(" + parent(target) + ") must not show " + name(target) + " " + when + "; it shows " + listed);
  }

  private static void assertWhole(String rule, Storage s, URI target, byte[] content, String when) throws IOException {
    byte[] read = s.readAll(target);
    assertArrayEquals(content, read, () -> rule + " readAll(" + target + ") " + when + " returned " + read.length
        + " bytes, not the " + content.length + " written");
    try (InputStream in = s.open(target)) {
      assertArrayEquals(content, in.readAllBytes(), () -> rule + " open(" + target + ") " + when + " read other bytes");
    }
    FileInfo status = s.status(target)
        .orElseThrow(() -> new AssertionError(rule + " status(" + target + ") " + when + " is empty"));
    assertEquals(content.length, status.size(), () -> rule + " status(" + target + ") " + when + " has the wrong size");
    assertFalse(status.directory(), () -> rule + " status(" + target + ") " + when + " says it is a directory");
    FileInfo listed = s.list(parent(target)).stream().filter(f -> f.name().equals(name(target))).findFirst()
        .orElseThrow(() -> new AssertionError(rule + " list(" + parent(target) + ") " + when + " does not show "
            + name(target)));
    assertEquals(content.length, listed.size(), () -> rule + " list entry " + listed + " " + when + " has the wrong size");
  }

  private void assertDirectory(URI dir, String when) throws IOException {
    FileInfo status = storage.status(dir)
        .orElseThrow(() -> new AssertionError("F10 status(" + dir + ") " + when + " is empty"));
    assertTrue(status.directory(), () -> "F10 status(" + dir + ") " + when + " must be a directory: " + status);
  }

  private static byte[] bytes(String salt, int length) {
    byte[] b = new byte[length];
    Tck.random(salt).nextBytes(b);
    return b;
  }

  private static List<String> names(List<FileInfo> infos) {
    return infos.stream().map(FileInfo::name).sorted().toList();
  }

  private static URI parent(URI target) {
    String p = stripSlash(target.toString());
    return URI.create(p.substring(0, p.lastIndexOf('/') + 1));
  }

  private static String name(URI target) {
    String p = stripSlash(target.getPath());
    return p.substring(p.lastIndexOf('/') + 1);
  }

  private static String stripSlash(String s) {
    return s.endsWith("/") && s.length() > 1 ? s.substring(0, s.length() - 1) : s;
  }

  private static String preview(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    return s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }
}
