package io.millrace.runtime.exec;

import io.millrace.api.ForeachBatchFunction;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import java.io.IOException;
import java.util.Map;

/** Where a query's batches go: a sink plugin, or the user's foreachBatch code. */
interface BatchWriter extends AutoCloseable {

  String description();

  DeliveryGuarantee guarantee();

  void write(long batchId, Batch batch) throws Exception;

  Map<String, String> metrics();

  @Override
  void close() throws IOException;

  static BatchWriter of(String format, Sink sink) {
    return new BatchWriter() {
      @Override
      public String description() {
        return format;
      }

      @Override
      public DeliveryGuarantee guarantee() {
        return sink.guarantee();
      }

      @Override
      public void write(long batchId, Batch batch) throws IOException {
        sink.addBatch(batchId, batch);
      }

      @Override
      public Map<String, String> metrics() {
        return sink.metrics();
      }

      @Override
      public void close() throws IOException {
        sink.close();
      }
    };
  }

  /** User code may run twice for one batch id after a crash: at-least-once. */
  static BatchWriter of(ForeachBatchFunction function) {
    return new BatchWriter() {
      @Override
      public String description() {
        return "foreachBatch";
      }

      @Override
      public DeliveryGuarantee guarantee() {
        return DeliveryGuarantee.AT_LEAST_ONCE;
      }

      @Override
      public void write(long batchId, Batch batch) throws Exception {
        function.call(batch, batchId);
      }

      @Override
      public Map<String, String> metrics() {
        return Map.of();
      }

      @Override
      public void close() {}
    };
  }
}
