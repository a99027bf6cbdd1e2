package io.millrace.tck.state;

import io.millrace.spi.state.StateStoreProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.opentest4j.AssertionFailedError;

/**
 * The versions a rule committed, as the reference model: version 0 is empty, version
 * {@code v} is version {@code v-1} with {@code changes(v)} applied.
 */
final class History {
  private final List<TreeMap<String, String>> versions = new ArrayList<>(List.of(new TreeMap<>()));
  private final List<List<Change>> changes = new ArrayList<>(List.of(List.of()));

  long latest() {
    return versions.size() - 1;
  }

  TreeMap<String, String> version(long v) {
    return versions.get((int) v);
  }

  List<Change> changes(long v) {
    return changes.get((int) v);
  }

  /** Commits {@code next} on top of the latest version through {@code provider} and records it. */
  long commit(String rule, StateStoreProvider provider, List<Change> next) {
    long v = StateData.commit(rule, provider, latest(), next);
    record(next);
    return v;
  }

  /** Commits {@link #typical} changes for the next version. */
  long commitTypical(String rule, StateStoreProvider provider) {
    return commit(rule, provider, typical(latest() + 1));
  }

  /** Records a version committed by other means. */
  void record(List<Change> next) {
    versions.add(Change.applied(version(latest()), next));
    changes.add(List.copyOf(next));
  }

  /** Checks that {@code provider} reads version {@code v} as committed. */
  void check(String rule, String how, StateStoreProvider provider, long v) {
    Map<String, String> read;
    try {
      read = StateData.read(rule, provider, v);
    } catch (RuntimeException e) {
      throw new AssertionFailedError(rule + ": version " + v + " " + how + " could not be read: " + e, e);
    }
    StateData.assertContents(rule + ": version " + v + " " + how, version(v), read);
  }

  /** Checks every version from 0 to the latest. */
  void checkAll(String rule, String how, StateStoreProvider provider) {
    for (long v = 0; v <= latest(); v++) {
      check(rule, how, provider, v);
    }
  }

  /** Changes for version {@code v} that add, overwrite and remove keys (some removes miss). */
  static List<Change> typical(long v) {
    return List.of(
        Change.put("k" + v, "v" + v),
        Change.put("k" + (v - 1), "w" + v),
        Change.remove("k" + (v - 3)),
        Change.put("shared", "s" + v),
        Change.remove("never-" + v));
  }
}
