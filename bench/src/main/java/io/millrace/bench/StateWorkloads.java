package io.millrace.bench;

import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The state store workloads both store benchmarks run, written once so that the hdfs and
 * rocksdb figures measure the same thing: string keys {@code key-%08d}, string values.
 */
final class StateWorkloads {
  static final int UPDATES = 1000;
  static final Schema KEY = Schema.parse("key STRING");
  static final Schema VALUE = Schema.parse("value STRING");

  private StateWorkloads() {}

  /** A batch: getStore, {@link #UPDATES} random updates, commit. Returns the new version. */
  static long batch(StateStoreProvider provider, long version, int keys, SplittableRandom random) {
    StateStore store = provider.getStore(version);
    update(store, keys, random);
    return store.commit();
  }

  /** The in-memory part of a batch alone: getStore, the updates, abort (no file written). */
  static long updates(StateStoreProvider provider, long version, int keys, SplittableRandom random) {
    StateStore store = provider.getStore(version);
    update(store, keys, random);
    long count = store.metrics().numKeys();
    store.abort();
    return count;
  }

  /** Loads {@code version} and reads its key count, as the first batch after a restart does. */
  static long load(StateStoreProvider provider, long version) {
    StateStore store = provider.getStore(version);
    long count = store.metrics().numKeys();
    store.abort();
    return count;
  }

  static long fill(StateStoreProvider provider, int keys) {
    StateStore store = provider.getStore(0);
    for (int i = 0; i < keys; i++) {
      store.put(key(i), bytes("initial-value-" + i));
    }
    return store.commit();
  }

  static byte[] key(int i) {
    return bytes(String.format("key-%08d", i));
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static void update(StateStore store, int keys, SplittableRandom random) {
    for (int i = 0; i < UPDATES; i++) {
      store.put(key(random.nextInt(keys)), bytes("value-" + random.nextInt()));
    }
  }
}
