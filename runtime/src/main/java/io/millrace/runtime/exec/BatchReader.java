package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.plan.RowPipeline;
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

/**
 * Reads one batch's input partitions, one task per partition on the session's pool, and runs
 * the stateless pipeline over each row. Output keeps partition order, so a replayed batch
 * produces the same rows in the same order.
 */
final class BatchReader {
  /** The pipeline's output and how many rows the source gave. */
  record Result(List<Row> rows, long inputRows) {}

  private final ExecutorService pool;

  BatchReader(ExecutorService pool) {
    this.pool = pool;
  }

  Result read(Source source, List<InputPartition> partitions, RowPipeline pipeline, EvalContext context)
      throws Exception {
    if (partitions.size() <= 1) {
      // One partition: the hand-off to a pool thread would cost more than it saves.
      return partitions.isEmpty() ? new Result(new ArrayList<>(), 0) : readPartition(source, partitions.get(0), pipeline, context);
    }
    List<Future<Result>> futures = new ArrayList<>(partitions.size());
    try {
      for (InputPartition p : partitions) {
        Callable<Result> task = () -> readPartition(source, p, pipeline, context);
        futures.add(pool.submit(task));
      }
      List<Row> rows = new ArrayList<>();
      long input = 0;
      for (Future<Result> f : futures) {
        Result r = f.get();
        rows.addAll(r.rows());
        input += r.inputRows();
      }
      return new Result(rows, input);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    } finally {
      for (Future<Result> f : futures) {
        f.cancel(true);
      }
    }
  }

  private static Result readPartition(Source source, InputPartition partition, RowPipeline pipeline, EvalContext context)
      throws Exception {
    List<Row> out = new ArrayList<>();
    long input = 0;
    try (PartitionReader reader = source.createReader(partition)) {
      while (reader.next()) {
        input++;
        Row row = pipeline.apply(reader.get(), context);
        if (row != null) {
          out.add(row);
        }
      }
    }
    return new Result(out, input);
  }
}
