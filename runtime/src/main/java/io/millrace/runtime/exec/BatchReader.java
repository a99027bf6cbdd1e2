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
import java.util.concurrent.atomic.AtomicBoolean;

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
          : new Result<>(List.of(readRun(runs.get(0), context, newInput.create(0), new AtomicBoolean())));
    }
    // Every run that was submitted is waited for, failed batch or not: a run still going after
    // the batch gave up could commit a sink's task writer after the sink aborted the batch, or
    // read a source the query is closing. A failed run makes the others skip their remaining tasks.
    AtomicBoolean failed = new AtomicBoolean();
    List<Future<T>> futures = new ArrayList<>(runs.size());
    Exception failure = null;
    List<T> inputs = new ArrayList<>(runs.size());
    try {
      for (int r = 0; r < runs.size(); r++) {
        List<RowTask> run = runs.get(r);
        T input = newInput.create(r);
        Callable<T> task = () -> readRun(run, context, input, failed);
        futures.add(pool.submit(task));
      }
    } catch (Exception e) {
      failed.set(true);
      failure = e;
    }
    for (Future<T> f : futures) {
      try {
        inputs.add(f.get());
      } catch (ExecutionException e) {
        Exception cause = e.getCause() instanceof Exception c ? c : e;
        if (failure == null || failure instanceof SiblingFailedException) {
          failure = cause; // the run that failed first, not one that only stopped for it
        } else if (!(cause instanceof SiblingFailedException) && cause != failure) {
          failure.addSuppressed(cause);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return new Result<>(inputs);
  }

  /** A run that stopped because another run of the batch had failed. */
  private static final class SiblingFailedException extends RuntimeException {
    SiblingFailedException() {
      super("another task of the batch failed", null, false, false);
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

  private static <T extends PartitionInput> T readRun(List<RowTask> run, EvalContext context, T input,
      AtomicBoolean failed) throws Exception {
    EvalContext task = context.forTask();
    try {
      for (RowTask t : run) {
        if (failed.get()) {
          throw new SiblingFailedException();
        }
        t.run(input, task);
      }
      task.taskDone();
      input.finish();
      return input;
    } catch (Throwable failure) {
      failed.set(true);
      try {
        input.abort();
      } catch (RuntimeException e) {
        failure.addSuppressed(e);
      }
      throw failure;
    }
  }
}
