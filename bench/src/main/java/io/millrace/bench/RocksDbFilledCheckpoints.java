package io.millrace.bench;

import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.state.rocksdb.RocksDbStateOptions;
import io.millrace.state.rocksdb.RocksDbStateStoreProviderFactory;
import java.io.IOException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code rocksdb} checkpoints holding keys {@code 0..keys-1} (written as the {@code hdfs}
 * benchmark writes them) and a snapshot of that version, built once and shared by every JMH
 * fork of a run: filling 10 M keys takes 30 to 60 s here, and five trials run at that size.
 * Each trial works on a hard-linked copy, which costs nothing and is safe because the provider
 * and the {@code file:} storage never write into an existing file (they create new ones and
 * delete old ones), so the cached files never change.
 *
 * <p>The cache lives in {@code <java.io.tmpdir>/millrace-bench-rocksdb-checkpoints/}, one entry per
 * key count, and is tied to the code that wrote it: a changed plugin or fill starts a new cache
 * and the old entries are deleted.
 */
final class RocksDbFilledCheckpoints {
  /**
   * Keys per fill commit. A store no longer keeps its uncommitted writes on the heap (they go
   * into the local DB as it makes them), so this only sets how many versions a fill makes; kept
   * at 250 k so that the cached checkpoints keep their layout.
   */
  static final int KEYS_PER_FILL_COMMIT = 250_000;

  private static final Path ROOT = Path.of(System.getProperty("java.io.tmpdir"), "millrace-bench-rocksdb-checkpoints");

  private RocksDbFilledCheckpoints() {}

  /** The version that holds all {@code keys} keys: one per fill commit. */
  static long filledVersion(int keys) {
    return (keys + KEYS_PER_FILL_COMMIT - 1) / KEYS_PER_FILL_COMMIT;
  }

  /** Puts a copy of the checkpoint of {@code keys} keys in {@code target} (which must not exist). */
  static void copyTo(Path target, int keys) throws IOException {
    Path cached = cached(keys);
    try (Stream<Path> files = Files.walk(cached)) {
      for (Path source : files.toList()) {
        Path copy = target.resolve(cached.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(copy);
        } else {
          Files.createLink(copy, source);
        }
      }
    }
  }

  private static synchronized Path cached(int keys) throws IOException {
    String code = codeVersion();
    Path entry = ROOT.resolve(code + "-keys-" + keys);
    if (Files.isDirectory(entry)) {
      return entry;
    }
    Files.createDirectories(ROOT);
    deleteOtherVersions(code);
    Path work = Files.createTempDirectory(ROOT, "building-");
    try {
      long started = System.nanoTime();
      fill(work.resolve("checkpoint"), work.resolve("local"), keys);
      // Published whole or not at all: a run killed while filling leaves only a building- directory.
      Files.move(work.resolve("checkpoint"), entry, StandardCopyOption.ATOMIC_MOVE);
      System.out.printf("# filled a rocksdb checkpoint of %,d keys in %.1f s (cached in %s)%n",
          keys, (System.nanoTime() - started) / 1e9, entry);
    } catch (FileAlreadyExistsException e) {
      // another process published the same entry first
    } finally {
      StateWorkloads.delete(work);
    }
    return entry;
  }

  /** Commits the keys in batches, then snapshots that version and drops the changelogs it makes unnecessary. */
  private static void fill(Path checkpoint, Path localDir, int keys) throws IOException {
    StateStoreProvider provider = RocksDbStateStoreBench.open(checkpoint, localDir, Map.of(
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1",
        RocksDbStateOptions.MIN_BATCHES_TO_RETAIN, "1"));
    try {
      long version = 0;
      for (int from = 0; from < keys; from += KEYS_PER_FILL_COMMIT) {
        StateStore store = provider.getStore(version);
        for (int i = from; i < Math.min(keys, from + KEYS_PER_FILL_COMMIT); i++) {
          store.put(StateWorkloads.key(i), StateWorkloads.bytes("initial-value-" + i));
        }
        version = store.commit();
      }
      provider.doMaintenance();
    } finally {
      provider.close();
    }
  }

  /**
   * Which code wrote the cache: the plugin's classes (its file format) and this class (what it
   * fills). A rebuild that changes either one starts a new cache; an unchanged rebuild keeps it.
   */
  private static String codeVersion() throws IOException {
    String both = compiled(RocksDbStateStoreProviderFactory.class) + " " + compiled(RocksDbFilledCheckpoints.class);
    return Integer.toHexString(both.hashCode());
  }

  /** The class file's location and modification time (a jar entry's or a file's). */
  private static String compiled(Class<?> type) throws IOException {
    URL classFile = type.getResource(type.getSimpleName() + ".class");
    return classFile + "@" + classFile.openConnection().getLastModified();
  }

  private static void deleteOtherVersions(String code) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(ROOT)) {
      for (Path entry : entries) {
        if (!entry.getFileName().toString().startsWith(code + "-")) {
          StateWorkloads.delete(entry);
        }
      }
    }
  }
}
