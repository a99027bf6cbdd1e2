package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state {@link ChildJvmSnapshotUploadCrashTest} commits, the same in every JVM: version
 * {@code v} puts 60,000 keys of a window that slides by 30,000 (so half of them overwrite the
 * previous version's) and removes every 7th key below the window. Each version is about 12 MB,
 * more than the memtable budget of {@link #MAX_MEMORY_MB}, so the local RocksDB holds several
 * SST files by the time it is snapshotted, and a crash can fall between two of their uploads.
 */
final class SnapshotCrashData {
  static final int VERSIONS = 3;
  /** The smallest budget the provider accepts: 8 MB of memtables, flushed when a version is applied over a full one. */
  static final String MAX_MEMORY_MB = "16";
  private static final int KEYS_PER_VERSION = 60_000;
  private static final int SLIDE = 30_000;
  private static final int VALUE_LENGTH = 150;

  private SnapshotCrashData() {}

  /** Writes version {@code v}'s changes into {@code store}, which holds version {@code v - 1}. */
  static void write(StateStore store, int v) {
    for (int i = 0; i < from(v); i += 7) {
      store.remove(TestStores.bytes(key(i)));
    }
    for (int i = from(v); i < from(v) + KEYS_PER_VERSION; i++) {
      store.put(TestStores.bytes(key(i)), TestStores.bytes(value(v, i)));
    }
  }

  /** Every key and value of version {@code version}, in key order (ASCII keys: byte order too). */
  static TreeMap<String, String> expected(int version) {
    TreeMap<String, String> state = new TreeMap<>();
    for (int v = 1; v <= version; v++) {
      for (int i = 0; i < from(v); i += 7) {
        state.remove(key(i));
      }
      for (int i = from(v); i < from(v) + KEYS_PER_VERSION; i++) {
        state.put(key(i), value(v, i));
      }
    }
    return state;
  }

  /** SHA-256 over every key and value in iteration order, each length-prefixed, in hex. */
  static String digest(Iterator<KeyValue> entries) {
    MessageDigest sha = VersionLoader.sha256();
    while (entries.hasNext()) {
      KeyValue kv = entries.next();
      add(sha, kv.key());
      add(sha, kv.value());
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  static String digest(Map<String, String> entries) {
    return digest(entries.entrySet().stream()
        .map(e -> new KeyValue(TestStores.bytes(e.getKey()), TestStores.bytes(e.getValue())))
        .iterator());
  }

  private static void add(MessageDigest sha, byte[] bytes) {
    sha.update(new byte[] {(byte) (bytes.length >>> 24), (byte) (bytes.length >>> 16), (byte) (bytes.length >>> 8),
        (byte) bytes.length});
    sha.update(bytes);
  }

  private static int from(int v) {
    return (v - 1) * SLIDE;
  }

  private static String key(int i) {
    return String.format("k%07d", i);
  }

  /** A value that names its version and key, padded to a fixed length with bytes that do not compress to nothing. */
  private static String value(int v, int i) {
    StringBuilder out = new StringBuilder("v" + v + ":" + i + ":");
    long x = 31L * i + v;
    while (out.length() < VALUE_LENGTH) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      out.append((char) ('a' + (int) ((x >>> 33) % 26)));
    }
    return out.toString();
  }
}
