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
 * Reads one batch's input partitions, one task per partition on the session's pool, runs the
 * stateless pipeline over each row and hands the rows it keeps to that partition's own
 * {@link PartitionInput}: a list for a stateless query, a stateful operator's map side
 * otherwise. The inputs come back in partition order, so a replayed batch sees the same rows in
 * the same order.
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

  <T extends PartitionInput> Result<T> read(Source source, List<InputPartition> partitions, RowPipeline pipeline,
      EvalContext context, Supplier<T> newInput) throws Exception {
    if (partitions.size() <= 1) {
      // One partition: the hand-off to a pool thread would cost more than it saves.
      return partitions.isEmpty()
          ? new Result<>(new ArrayList<>(), 0)
          : readPartition(source, partitions.get(0), pipeline, context, newInput.get());
    }
    List<Future<Result<T>>> futures = new ArrayList<>(partitions.size());
    try {
      for (InputPartition p : partitions) {
        T input = newInput.get();
        Callable<Result<T>> task = () -> readPartition(source, p, pipeline, context, input);
        futures.add(pool.submit(task));
      }
      List<T> inputs = new ArrayList<>(partitions.size());
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

  private static <T extends PartitionInput> Result<T> readPartition(Source source, InputPartition partition,
      RowPipeline pipeline, EvalContext context, T input) throws Exception {
    long rows = 0;
    try (PartitionReader reader = source.createReader(partition)) {
      while (reader.next()) {
        rows++;
        Row row = pipeline.apply(reader.get(), context);
        if (row != null) {
          input.add(row);
        }
      }
    }
    input.finish();
    return new Result<>(List.of(input), rows);
  }
}
