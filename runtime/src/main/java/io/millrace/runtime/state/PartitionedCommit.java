package io.millrace.runtime.state;

import io.millrace.api.StateOperatorProgress;
import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs one batch of a stateful operator over its partitions in two phases: every partition's
 * task loads state version N and prepares N+1; only when all have prepared do they commit.
 * A failure in any task aborts every store not yet committed and fails the batch, so a batch
 * is never half-applied; run again, it loads version N again and commits the same N+1.
 */
final class PartitionedCommit {
  /** What one partition's task produced, before its store commits. */
  record Outcome(List<Row> rows, long updated, long removed) {}

  /** One partition's work on its store of version N. */
  interface Work {
    Outcome apply(int partition, StateStore store) throws Exception;
  }

  private record Prepared(StateStore store, Outcome outcome) {}

  private PartitionedCommit() {}

  static StatefulOperator.Result run(PartitionStores stores, ExecutorService pool, long batchId, int partitions,
      Work work, String operatorName, long droppedByWatermark) throws Exception {
    List<Future<Prepared>> prepared = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      int partition = p;
      prepared.add(pool.submit(() -> {
        StateStore store = stores.provider(partition).getStore(batchId);
        try {
          return new Prepared(store, work.apply(partition, store));
        } catch (Exception | Error e) {
          store.abort();
          throw e;
        }
      }));
    }
    List<Prepared> ready = await(prepared, List.of());
    List<Future<Long>> commits = new ArrayList<>();
    for (Prepared r : ready) {
      commits.add(pool.submit(() -> {
        long t0 = System.nanoTime();
        r.store().commit();
        return (System.nanoTime() - t0) / 1_000_000;
      }));
    }
    long commitMs = 0;
    for (long ms : await(commits, ready)) {
      commitMs += ms;
    }
    int total = 0;
    for (Prepared r : ready) {
      total += r.outcome().rows().size();
    }
    List<Row> rows = new ArrayList<>(total);
    for (Prepared r : ready) {
      rows.addAll(r.outcome().rows());
    }
    return new StatefulOperator.Result(rows, progress(ready, commitMs, operatorName, partitions, droppedByWatermark,
        stores.maintenanceFailures()));
  }

  /**
   * Waits for every task. If one failed, aborts every prepared store not yet committed (those
   * given, or else those the tasks returned) and throws the first failure.
   */
  private static <T> List<T> await(List<Future<T>> futures, List<Prepared> preparedBefore) throws Exception {
    List<T> results = new ArrayList<>();
    Exception failure = null;
    for (Future<T> f : futures) {
      try {
        results.add(f.get());
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
      }
    }
    if (failure != null) {
      for (Object o : preparedBefore.isEmpty() ? results : preparedBefore) {
        if (o instanceof Prepared && !((Prepared) o).store().hasCommitted()) {
          ((Prepared) o).store().abort();
        }
      }
      throw failure;
    }
    return results;
  }

  private static StateOperatorProgress progress(List<Prepared> ready, long commitMs, String operatorName, int partitions,
      long dropped, long maintenanceFailures) {
    long total = 0;
    long updated = 0;
    long removed = 0;
    long memory = 0;
    Map<String, Long> custom = new TreeMap<>();
    for (Prepared r : ready) {
      StateStoreMetrics m = r.store().metrics();
      total += m.numKeys();
      memory += m.memoryUsedBytes();
      updated += r.outcome().updated();
      removed += r.outcome().removed();
      m.customMetrics().forEach((k, v) -> custom.merge(k, v, Long::sum));
    }
    custom.put("maintenanceFailures", maintenanceFailures);
    return new StateOperatorProgress(operatorName, total, updated, removed, dropped, commitMs, memory, partitions,
        partitions, custom);
  }
}
