package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.tck.Tck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * T13: several threads read the same versions at once, through {@code getReadStore} and one
 * through {@code getStore} that then aborts, first on the provider that wrote them (warm
 * cache), then on a fresh one (loads race). Everyone must read what was committed, and the
 * aborted store must not change anything.
 */
final class ConcurrentReadCheck {
  private static final int THREADS = 8;
  private static final int VERSIONS = 3;

  private final StateHarness harness;
  private final String rule;
  private final StateStoreId id;
  private final History history = new History();

  ConcurrentReadCheck(StateHarness harness, String rule) {
    this.harness = harness;
    this.rule = rule;
    this.id = harness.id();
  }

  void run() throws InterruptedException {
    StateStoreProvider writer = harness.fresh(id);
    for (int v = 1; v <= VERSIONS; v++) {
      history.commit(rule, writer, manyChanges(v));
    }
    readTogether(writer, "the provider that wrote them");
    readTogether(harness.fresh(id), "a fresh provider");
    history.checkAll(rule, "read by a fresh provider after the concurrent reads", harness.fresh(id));
  }

  private static List<Change> manyChanges(int v) {
    List<Change> changes = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      changes.add(Change.put("r" + (v * 37 + i) % 150, "v" + v + "-" + i));
    }
    changes.add(Change.remove("r" + v));
    return changes;
  }

  private void readTogether(StateStoreProvider provider, String which) throws InterruptedException {
    Duration limit = Tck.timeout(Duration.ofSeconds(60));
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Map<Long, TreeMap<String, String>>>> readers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        readers.add(pool.submit(() -> {
          start.await(limit.toMillis(), TimeUnit.MILLISECONDS);
          return readAll(provider, thread);
        }));
      }
      start.countDown();
      for (int t = 0; t < THREADS; t++) {
        Map<Long, TreeMap<String, String>> read = result(readers.get(t), limit, which);
        String reader = "thread " + t + " of " + THREADS + " concurrent readers of " + which;
        read.forEach((v, contents) ->
            StateData.assertContents(rule + ": version " + v + " read by " + reader, history.version(v), contents));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Thread 0 reads through getStore and aborts; the others through getReadStore, each starting at another version. */
  private Map<Long, TreeMap<String, String>> readAll(StateStoreProvider provider, int thread) {
    Map<Long, TreeMap<String, String>> out = new TreeMap<>();
    for (int i = 0; i < VERSIONS; i++) {
      long v = 1 + (thread + i) % VERSIONS;
      if (thread == 0) {
        StateStore store = provider.getStore(v);
        out.put(v, StateData.contents(rule, store));
        store.abort();
      } else {
        out.put(v, StateData.read(rule, provider, v));
      }
    }
    return out;
  }

  private Map<Long, TreeMap<String, String>> result(Future<Map<Long, TreeMap<String, String>>> reader, Duration limit,
      String which) throws InterruptedException {
    try {
      return reader.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return fail(rule + ": concurrent readers of " + which + " did not finish within " + limit
          + " (raise millrace.tck.timeoutScale on a slow machine)");
    } catch (ExecutionException e) {
      return fail(rule + ": a concurrent reader of " + which + " failed: " + e.getCause(), e.getCause());
    }
  }
}
