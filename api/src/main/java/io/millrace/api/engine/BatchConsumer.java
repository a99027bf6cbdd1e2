package io.millrace.api.engine;

import io.millrace.spi.sink.Batch;

/**
 * What the engine hands each batch of a {@code foreachBatch} query to: the batch's rows, its id,
 * and the query's id (stable across restarts, so that a write made from the batch can be made
 * idempotent by both). The API turns it into the user's {@code ForeachBatchFunction}.
 */
@FunctionalInterface
public interface BatchConsumer {
  void accept(Batch batch, long batchId, String queryId) throws Exception;
}
