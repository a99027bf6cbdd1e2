package io.millrace.runtime.exec;

import io.millrace.api.engine.BatchConsumer;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Where a query's batches go: a sink plugin, or the user's foreachBatch code. */
interface BatchWriter extends AutoCloseable {

  String description();

  DeliveryGuarantee guarantee();

  /** Writes a whole batch; the path of writers that do not {@linkplain #writesPerTask() write per task}. */
  void write(long batchId, Batch batch) throws Exception;

  /** Whether batches go through {@link #taskWriter} and {@link #commit} instead of {@link #write}. */
  default boolean writesPerTask() {
    return false;
  }

  default TaskWriter taskWriter(int partition, long batchId) throws IOException {
    throw new UnsupportedOperationException(description() + " does not write per task");
  }

  default void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
    throw new UnsupportedOperationException(description() + " does not write per task");
  }

  default void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {}

  Map<String, String> metrics();

  @Override
  void close() throws IOException;

  static BatchWriter of(String format, Sink sink) {
    boolean perTask = sink.writesPerTask();
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
      public boolean writesPerTask() {
        return perTask;
      }

      @Override
      public TaskWriter taskWriter(int partition, long batchId) throws IOException {
        return sink.createWriter(partition, batchId);
      }

      @Override
      public void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
        sink.commit(batchId, messages);
      }

      @Override
      public void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {
        sink.abort(batchId, messages);
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
  static BatchWriter of(BatchConsumer function, String queryId) {
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
        function.accept(batch, batchId, queryId);
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
