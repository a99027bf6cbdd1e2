package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.runtime.state.PartitionInput;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Reads one batch's input partitions in tasks on the session's pool, each over a run of
 * consecutive partitions, runs the stateless pipeline over each row and hands the rows it keeps
 * to the task's own {@link PartitionInput}: a list for a stateless query, a stateful operator's
 * map side otherwise. The inputs come back in partition order, so a replayed batch sees the same
 * rows in the same order.
 */
final class BatchReader {
  /** Each partition's input, in partition order, and how many rows the source gave. */
  record Result<T extends PartitionInput>(List<T> inputs, long inputRows) {}

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
   * Reads {@code partitions} in at most {@code maxTasks} tasks, each over a run of consecutive
   * partitions (as even in count as they can be) into one input of its own.
   */
  <T extends PartitionInput> Result<T> read(Source source, List<InputPartition> partitions, int maxTasks,
      RowPipeline pipeline, EvalContext context, Supplier<T> newInput) throws Exception {
    List<List<InputPartition>> runs = runs(partitions, maxTasks);
    if (runs.size() <= 1) {
      // One task: the hand-off to a pool thread would cost more than it saves.
      return runs.isEmpty()
          ? new Result<>(new ArrayList<>(), 0)
          : readRun(source, runs.get(0), pipeline, context, newInput.get());
    }
    List<Future<Result<T>>> futures = new ArrayList<>(runs.size());
    try {
      for (List<InputPartition> run : runs) {
        T input = newInput.get();
        Callable<Result<T>> task = () -> readRun(source, run, pipeline, context, input);
        futures.add(pool.submit(task));
      }
      List<T> inputs = new ArrayList<>(runs.size());
      long rows = 0;
      for (Future<Result<T>> f : futures) {
        Result<T> r = f.get();
        inputs.addAll(r.inputs());
        rows += r.inputRows();
      }
      return new Result<>(inputs, rows);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    } finally {
      for (Future<Result<T>> f : futures) {
        f.cancel(true);
      }
    }
  }

  /** {@code partitions} cut into at most {@code maxTasks} consecutive runs whose sizes differ by one at most. */
  static List<List<InputPartition>> runs(List<InputPartition> partitions, int maxTasks) {
    int tasks = Math.min(partitions.size(), Math.max(1, maxTasks));
    List<List<InputPartition>> runs = new ArrayList<>(tasks);
    int from = 0;
    for (int t = 0; t < tasks; t++) {
      int size = partitions.size() / tasks + (t < partitions.size() % tasks ? 1 : 0);
      runs.add(partitions.subList(from, from + size));
      from += size;
    }
    return runs;
  }

  private static <T extends PartitionInput> Result<T> readRun(Source source, List<InputPartition> run,
      RowPipeline pipeline, EvalContext context, T input) throws Exception {
    long rows = 0;
    EvalContext task = context.forTask();
    for (InputPartition partition : run) {
      try (PartitionReader reader = source.createReader(partition)) {
        while (reader.next()) {
          rows++;
          Row row = pipeline.apply(reader.get(), task);
          if (row != null) {
            input.add(row);
          }
        }
      }
    }
    task.taskDone();
    input.finish();
    return new Result<>(List.of(input), rows);
  }
}
