package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProvider;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Keys and values as small UTF-8 strings, and reading a whole version back as a sorted map. */
final class StateData {
  private StateData() {}

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  /** Everything {@code store} iterates, checked for duplicate keys and against {@code get}. */
  static TreeMap<String, String> contents(String rule, ReadStateStore store) {
    TreeMap<String, String> out = new TreeMap<>();
    Iterator<KeyValue> it = store.iterator();
    while (it.hasNext()) {
      KeyValue kv = it.next();
      assertNotNull(kv, rule + ": the iterator of version " + store.version() + " returned a null entry");
      String key = text(kv.key());
      if (out.put(key, text(kv.value())) != null) {
        fail(rule + ": the iterator of version " + store.version() + " returned key '" + show(key) + "' twice");
      }
    }
    out.forEach((key, value) -> {
      String got = text(store.get(bytes(key)));
      if (!value.equals(got)) {
        fail(rule + ": in version " + store.version() + ", get('" + show(key) + "') returned "
            + (got == null ? "null" : "'" + show(got) + "'") + ", but the iterator gave '" + show(value) + "'");
      }
    });
    return out;
  }

  /** Version {@code version} as {@code provider} reads it through {@code getReadStore}. */
  static TreeMap<String, String> read(String rule, StateStoreProvider provider, long version) {
    try (ReadStateStore store = provider.getReadStore(version)) {
      return contents(rule, store);
    }
  }

  /** Applies {@code changes} to a store of {@code version}, commits, and checks the new version number. */
  static long commit(String rule, StateStoreProvider provider, long version, List<Change> changes) {
    StateStore store = provider.getStore(version);
    Change.applyAll(changes, store);
    long next = store.commit();
    assertEquals(version + 1, next, rule + ": commit() of a store of version " + version + " returned " + next);
    store.close();
    return next;
  }

  /** Fails with a readable difference unless {@code actual} equals {@code expected}. */
  static void assertContents(String what, Map<String, String> expected, Map<String, String> actual) {
    if (expected.equals(actual)) {
      return;
    }
    StringBuilder diff = new StringBuilder();
    for (String key : new TreeSet<>(union(expected, actual))) {
      String want = expected.get(key);
      String got = actual.get(key);
      if (want == null) {
        diff.append("\n  unexpected ").append(show(key)).append('=').append(show(got));
      } else if (got == null) {
        diff.append("\n  missing    ").append(show(key)).append('=').append(show(want));
      } else if (!want.equals(got)) {
        diff.append("\n  wrong      ").append(show(key)).append('=').append(show(got)).append(" (expected ")
            .append(show(want)).append(')');
      }
    }
    fail(what + ": expected " + expected.size() + " entries, read " + actual.size() + ":" + diff);
  }

  /** A key or value for a message: control characters (zero bytes) escaped, long ones cut, empty ones named. */
  static String show(String text) {
    if (text.isEmpty()) {
      return "(empty)";
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.min(text.length(), 24); i++) {
      char c = text.charAt(i);
      out.append(c < 0x20 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
    }
    return text.length() > 24 ? out + "… (" + text.length() + " chars)" : out.toString();
  }

  private static TreeSet<String> union(Map<String, String> a, Map<String, String> b) {
    TreeSet<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    return keys;
  }
}
