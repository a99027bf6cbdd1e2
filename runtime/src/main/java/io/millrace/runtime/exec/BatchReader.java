package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs one operator's input tasks (source partitions, or rows an operator produced, with the
 * stateless pipeline fused in) on the session's pool, each pool task over a run of consecutive
 * ones, and hands the rows to the pool task's own {@link PartitionInput}: a list for the sink,
 * a stateful operator's map side otherwise. The inputs come back in task order, so a replayed
 * batch sees the same rows in the same order.
 */
final class BatchReader {
  /** Each run's input, in task order. */
  record Result<T extends PartitionInput>(List<T> inputs) {}

  /** Makes the input of the {@code run}-th run (0, 1, …), on the thread that calls {@link #read}. */
  @FunctionalInterface
  interface InputFactory<T extends PartitionInput> {
    T create(int run) throws Exception;
  }

  /** The input of a stateless query: the rows themselves. */
  static final class RowList implements PartitionInput {
    final List<Row> rows = new ArrayList<>();

    @Override
    public void add(Row row) {
      rows.add(row);
    }

    @Override
    public long rowsAdded() {
      return rows.size();
    }

    static List<Row> concat(List<RowList> lists) {
      int n = 0;
      for (RowList l : lists) {
        n += l.rows.size();
      }
      List<Row> all = new ArrayList<>(n);
      for (RowList l : lists) {
        all.addAll(l.rows);
      }
      return all;
    }
  }

  private final ExecutorService pool;

  BatchReader(ExecutorService pool) {
    this.pool = pool;
  }

  /**
   * Runs {@code tasks} in at most {@code maxTasks} pool tasks, each over a run of consecutive
   * tasks (as even in count as they can be) into one input of its own.
   */
  <T extends PartitionInput> Result<T> read(List<RowTask> tasks, int maxTasks, EvalContext context,
      InputFactory<T> newInput) throws Exception {
    List<List<RowTask>> runs = runs(tasks, maxTasks);
    if (runs.size() <= 1) {
      // One task: the hand-off to a pool thread would cost more than it saves.
      return runs.isEmpty()
          ? new Result<>(new ArrayList<>())
          : new Result<>(List.of(readRun(runs.get(0), context, newInput.create(0))));
    }
    List<Future<T>> futures = new ArrayList<>(runs.size());
    try {
      for (int r = 0; r < runs.size(); r++) {
        List<RowTask> run = runs.get(r);
        T input = newInput.create(r);
        Callable<T> task = () -> readRun(run, context, input);
        futures.add(pool.submit(task));
      }
      List<T> inputs = new ArrayList<>(runs.size());
      for (Future<T> f : futures) {
        inputs.add(f.get());
      }
      return new Result<>(inputs);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    } finally {
      for (Future<T> f : futures) {
        f.cancel(true);
      }
    }
  }

  /** {@code tasks} cut into at most {@code maxTasks} consecutive runs whose sizes differ by one at most. */
  static <E> List<List<E>> runs(List<E> tasks, int maxTasks) {
    int n = Math.min(tasks.size(), Math.max(1, maxTasks));
    List<List<E>> runs = new ArrayList<>(n);
    int from = 0;
    for (int t = 0; t < n; t++) {
      int size = tasks.size() / n + (t < tasks.size() % n ? 1 : 0);
      runs.add(tasks.subList(from, from + size));
      from += size;
    }
    return runs;
  }

  private static <T extends PartitionInput> T readRun(List<RowTask> run, EvalContext context, T input)
      throws Exception {
    EvalContext task = context.forTask();
    try {
      for (RowTask t : run) {
        t.run(input, task);
      }
      task.taskDone();
      input.finish();
      return input;
    } catch (Throwable failure) {
      try {
        input.abort();
      } catch (RuntimeException e) {
        failure.addSuppressed(e);
      }
      throw failure;
    }
  }
}
