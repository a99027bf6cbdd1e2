package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.tck.Tck;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.opentest4j.AssertionFailedError;

/**
 * T17: a seeded random walk of puts, removes, gets, iterations, commits, aborts, restarts
 * (the provider is dropped, as by a crash, and a fresh one made with a random choice of the
 * kit's settings), reads of any version, opening older versions, and replays (a retried
 * commit of an older version with the same writes), checked step by step against
 * {@link History}. One store is open at a time. A failure names the step, the seed and the
 * last operations.
 */
final class RandomOpsCheck {
  private static final int STEPS = 400;
  private static final int KEYS = 12;
  private static final int TRACE = 30;

  private final StateHarness harness;
  private final String rule;
  private final StateStoreId id;
  private final Random random;
  private final List<Map<String, String>> settings = new ArrayList<>();
  private final History history = new History();
  private final Deque<String> trace = new ArrayDeque<>();
  private StateStoreProvider provider;
  private StateStore store;
  private TreeMap<String, String> working;
  private List<Change> changes;

  RandomOpsCheck(StateHarness harness, String rule) {
    this.harness = harness;
    this.rule = rule;
    this.id = harness.id();
    this.random = Tck.random(rule + " random operations");
    settings.add(Map.of());
    harness.kit().snapshotEveryVersion().ifPresent(settings::add);
    harness.kit().deltasOnly().ifPresent(settings::add);
    harness.kit().noCache().ifPresent(settings::add);
  }

  void run() {
    restart();
    for (int step = 1; step <= STEPS; step++) {
      try {
        if (store == null) {
          idleStep();
        } else {
          writeStep();
        }
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionFailedError(rule + ": step " + step + " of a random sequence failed" + Tck.seedHint()
            + "\nlast operations (=> is the failing one):" + traceText() + "\n" + e.getMessage(), e);
      }
    }
    if (store != null) {
      store.abort();
    }
    for (Map<String, String> knob : settings) {
      history.checkAll(rule, "read by a fresh provider with " + knob + " after the sequence" + Tck.seedHint(),
          harness.fresh(id, knob));
    }
  }

  private void note(String operation) {
    trace.addLast(operation);
    if (trace.size() > TRACE) {
      trace.removeFirst();
    }
  }

  private String traceText() {
    StringBuilder out = new StringBuilder();
    int i = 0;
    for (String operation : trace) {
      out.append(++i == trace.size() ? "\n  => " : "\n     ").append(operation);
    }
    return out.toString();
  }

  private void restart() {
    Map<String, String> knob = settings.get(random.nextInt(settings.size()));
    note("restart: drop the provider, make a fresh one with " + knob);
    provider = harness.fresh(id, knob);
  }

  private void idleStep() {
    double r = random.nextDouble();
    long latest = history.latest();
    if (r < 0.55) {
      note("getStore(" + latest + ")");
      store = provider.getStore(latest);
      working = new TreeMap<>(history.version(latest));
      changes = new ArrayList<>();
    } else if (r < 0.65) {
      restart();
    } else if (r < 0.80) {
      long v = random.nextInt((int) latest + 1);
      note("getReadStore(" + v + ") and read it");
      history.check(rule, "read by getReadStore", provider, v);
    } else if (r < 0.90 && latest > 0) {
      long v = 1 + random.nextInt((int) latest);
      note("replay: getStore(" + (v - 1) + "), " + history.changes(v) + ", commit");
      StateData.commit(rule, provider, v - 1, history.changes(v));
      history.check(rule, "after its commit was retried", provider, v);
    } else {
      long v = random.nextInt((int) latest + 1);
      note("getStore(" + v + "), read it, abort");
      StateStore older = provider.getStore(v);
      StateData.assertContents(rule + ": version " + v + " read by getStore", history.version(v), StateData.contents(rule, older));
      older.abort();
    }
  }

  private void writeStep() {
    double r = random.nextDouble();
    String key = "k" + random.nextInt(KEYS);
    if (r < 0.45) {
      Change put = Change.put(key, "v" + random.nextInt(1000));
      apply(put);
    } else if (r < 0.60) {
      apply(Change.remove(key));
    } else if (r < 0.72) {
      note("get(" + key + ")");
      assertEquals(working.get(key), StateData.text(store.get(StateData.bytes(key))),
          rule + ": get('" + key + "') on a store of version " + store.version() + " with uncommitted changes " + changes);
    } else if (r < 0.77) {
      note("iterate");
      StateData.assertContents(rule + ": the iterator of a store with uncommitted changes " + changes, working,
          StateData.contents(rule, store));
    } else if (r < 0.92) {
      long base = store.version();
      note("commit of " + changes);
      long next = store.commit();
      assertEquals(base + 1, next, rule + ": commit() of a store of version " + base + " returned " + next);
      history.record(changes);
      store = null;
    } else {
      note("abort of " + changes);
      store.abort();
      store = null;
    }
  }

  private void apply(Change change) {
    note(change.toString());
    change.applyTo(store);
    change.applyTo(working);
    changes.add(change);
  }
}
