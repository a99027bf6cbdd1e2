package io.millrace.api;

import io.millrace.spi.sink.Batch;

/**
 * User code that receives each batch's output. The runtime may call it again for a batch id
 * after a crash, so a query using it is at-least-once unless the code itself is idempotent
 * by batch id.
 */
@FunctionalInterface
public interface ForeachBatchFunction {
  void call(Batch batch, long batchId) throws Exception;
}
