package io.millrace.runtime.exec;

import io.millrace.api.engine.BatchConsumer;
import io.millrace.spi.MillraceException;
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

  /**
   * The writer of sink plugin {@code format}.
   *
   * @throws MillraceException naming the plugin, at start, when the sink implements no way to write a batch
   */
  static BatchWriter of(String format, Sink sink) {
    boolean perTask = sink.writesPerTask();
    checkWritePath(format, sink, perTask);
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

  private static void checkWritePath(String format, Sink sink, boolean perTask) {
    String plugin = "sink '" + format + "' (" + sink.getClass().getName() + ")";
    if (perTask && (inherited(sink, "createWriter", int.class, long.class) || inherited(sink, "commit", long.class,
        List.class))) {
      throw new MillraceException(plugin + " says it writes per task (writesPerTask() is true) but does not implement"
          + " createWriter(int, long) and commit(long, List); implement both, or addBatch and leave writesPerTask false");
    }
    if (!perTask && inherited(sink, "addBatch", long.class, Batch.class)) {
      throw new MillraceException(plugin + " implements neither addBatch(long, Batch) nor per-task writing"
          + " (writesPerTask, createWriter, commit); it cannot write a batch");
    }
  }

  /** Whether {@code sink} leaves method {@code name} to the interface's default. */
  private static boolean inherited(Sink sink, String name, Class<?>... parameters) {
    try {
      return sink.getClass().getMethod(name, parameters).getDeclaringClass() == Sink.class;
    } catch (NoSuchMethodException e) {
      return true;
    }
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
