package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * T22 and T23: versions whose keys and values sit at the edges of the byte range (empty,
 * zero-length, all zero bytes) are written in phases with each snapshot knob the kit offers, so
 * that they pass through every file kind the store writes, and read back by fresh providers
 * with each knob, newest version first. Before each commit the writing store itself must show
 * them. (Counting them is T12's rule.)
 */
final class EdgeValuesCheck {
  private final StateHarness harness;
  private final String rule;

  EdgeValuesCheck(StateHarness harness, String rule) {
    this.harness = harness;
    this.rule = rule;
  }

  /** The option maps to write and read with: none, then each snapshot knob the kit has. */
  private List<Map<String, String>> knobs() {
    List<Map<String, String>> knobs = new ArrayList<>(List.of(Map.of()));
    harness.kit().snapshotEveryVersion().ifPresent(knobs::add);
    harness.kit().deltasOnly().ifPresent(knobs::add);
    return knobs;
  }

  /** Commits {@code versions} one after another on {@code id} and checks them all; returns what was committed. */
  History run(StateStoreId id, List<List<Change>> versions) {
    List<Map<String, String>> knobs = knobs();
    History history = new History();
    for (int i = 0; i < versions.size(); i++) {
      Map<String, String> knob = knobs.get(i % knobs.size());
      StateStoreProvider writer = harness.fresh(id, knob);
      long version = history.latest();
      StateStore store = writer.getStore(version);
      Change.applyAll(versions.get(i), store);
      var expected = Change.applied(history.version(version), versions.get(i));
      StateData.assertContents(rule + ": the store writing version " + (version + 1) + " with " + knob
          + ", before its commit", expected, StateData.contents(rule, store));
      assertEquals(version + 1, store.commit(), rule + ": commit() of a store of version " + version);
      history.record(versions.get(i));
    }
    for (Map<String, String> knob : knobs) {
      StateStoreProvider fresh = harness.fresh(id, knob);
      for (long v = history.latest(); v >= 0; v--) {
        history.check(rule, "read newest first by a fresh provider with " + knob, fresh, v);
      }
    }
    return history;
  }
}
