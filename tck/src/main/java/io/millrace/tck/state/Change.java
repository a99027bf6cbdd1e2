package io.millrace.tck.state;

import io.millrace.spi.state.StateStore;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One write of a rule: a put of {@code value}, or a remove when {@code value} is null. */
record Change(String key, String value) implements Serializable {
  private static final long serialVersionUID = 1L;


  static Change put(String key, String value) {
    return new Change(key, value);
  }

  static Change remove(String key) {
    return new Change(key, null);
  }

  void applyTo(StateStore store) {
    if (value == null) {
      store.remove(StateData.bytes(key));
    } else {
      store.put(StateData.bytes(key), StateData.bytes(value));
    }
  }

  void applyTo(Map<String, String> model) {
    if (value == null) {
      model.remove(key);
    } else {
      model.put(key, value);
    }
  }

  static void applyAll(List<Change> changes, StateStore store) {
    changes.forEach(c -> c.applyTo(store));
  }

  /** The version that {@code changes} make from {@code base}. */
  static TreeMap<String, String> applied(Map<String, String> base, List<Change> changes) {
    TreeMap<String, String> next = new TreeMap<>(base);
    changes.forEach(c -> c.applyTo(next));
    return next;
  }

  @Override
  public String toString() {
    return value == null ? "remove(" + key + ")" : "put(" + key + "=" + value + ")";
  }
}
