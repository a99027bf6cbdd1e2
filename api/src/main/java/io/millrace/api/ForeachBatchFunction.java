package io.millrace.api;

/**
 * User code that receives each batch's output as a bounded {@link Dataset} it can query
 * ({@code collectAsList()}, {@code count()}, {@code select}, {@code filter}...) and write through
 * any sink plugin by name ({@code batch.write().format("delta").option(..).save()}, which uses
 * {@code batchId} as the sink's batch id). The runtime may call it again for a batch id after a
 * crash, so a query using it is at-least-once unless the code itself is idempotent by batch id;
 * {@code write().save()} to an exactly-once sink is.
 */
@FunctionalInterface
public interface ForeachBatchFunction {
  void call(Dataset batch, long batchId) throws Exception;
}
