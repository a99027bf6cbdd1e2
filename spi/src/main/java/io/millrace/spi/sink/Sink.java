package io.millrace.spi.sink;

import io.millrace.spi.data.Row;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a query's result goes.
 *
 * <p>The runtime writes each batch once (through {@link #addBatch}, or through per-task writers
 * and {@link #commit}; see below), in batch id order, after recording the batch in the
 * write-ahead log and before recording it as committed. A crash between the two makes a later
 * run (on a new instance, possibly in a new process) write the batch again with the same id and
 * the same rows. What the sink then does is its
 * {@link #guarantee()}:
 * <ul>
 *   <li>{@link DeliveryGuarantee#EXACTLY_ONCE}: the second call changes nothing, on a fresh
 *       instance too, so the sink must record durably which ids it wrote, atomically with the
 *       data. A call with an id older than one already written is also a no-op.</li>
 *   <li>No partial batch is ever visible: a crash inside {@code addBatch} leaves either the
 *       whole batch or none of it (exactly-once sinks).</li>
 * </ul>
 *
 * <p>A sink writes a batch one of two ways. The simple one is {@link #addBatch}, which gets the
 * whole batch at once. A sink that {@linkplain #writesPerTask() writes per task} gets a
 * {@link TaskWriter} per task of the batch instead ({@link #createWriter}), which the runtime
 * streams that task's rows to, and then one {@link #commit} with every task's message: the
 * batch's rows are never gathered in one place, so its size is not bounded by memory. Then
 * {@code commit} is the step the rules above speak of: it publishes the whole batch or none of
 * it, and a second {@code commit} of the same id (after the tasks ran again) changes nothing.
 * This is the shape of Spark's {@code StreamingWrite} and {@code DataWriter}.
 *
 * @since 1.0; per-task writing since SPI 1.3
 */
public interface Sink extends AutoCloseable {

  /** What a replayed {@link #addBatch} does. */
  DeliveryGuarantee guarantee();

  /** The output modes this sink can write; the runtime refuses others at start. */
  default Set<OutputMode> supportedOutputModes() {
    return EnumSet.allOf(OutputMode.class);
  }

  /**
   * Writes batch {@code batchId}. Throwing fails the batch; it is retried on restart. A sink that
   * writes per task need not implement it: by default the batch is written as one task.
   */
  default void addBatch(long batchId, Batch batch) throws IOException {
    if (!writesPerTask()) {
      throw new UnsupportedOperationException(getClass().getName() + " implements neither addBatch nor writesPerTask");
    }
    TaskWriter writer = createWriter(0, batchId);
    WriterCommitMessage message;
    try {
      for (Row row : batch) {
        writer.write(row);
      }
      message = writer.commit();
    } catch (IOException | RuntimeException e) {
      try (TaskWriter w = writer) {
        w.abort();
      } catch (IOException | RuntimeException cleanup) {
        e.addSuppressed(cleanup);
      }
      try {
        abort(batchId, List.of());
      } catch (IOException | RuntimeException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
    try {
      writer.close();
    } catch (IOException | RuntimeException e) {
      abort(batchId, List.of(message));
      throw e;
    }
    commit(batchId, List.of(message));
  }

  /**
   * True when the runtime should write batches through {@link #createWriter} and
   * {@link #commit} rather than {@link #addBatch}. Fixed for the life of the instance.
   */
  default boolean writesPerTask() {
    return false;
  }

  /**
   * A writer for task {@code partition} (0, 1, …) of batch {@code batchId}. A batch's tasks may
   * run at the same time, on different threads or processes; a replayed batch may have another
   * number of tasks than its first run.
   */
  default TaskWriter createWriter(int partition, long batchId) throws IOException {
    throw new UnsupportedOperationException(getClass().getName() + " does not write per task");
  }

  /**
   * Publishes batch {@code batchId}, atomically: the rows of every task, whose messages come in
   * task order. For an exactly-once sink a batch id already committed (or older than one) changes
   * nothing, and what those tasks wrote is discarded.
   */
  default void commit(long batchId, List<WriterCommitMessage> messages) throws IOException {
    throw new UnsupportedOperationException(getClass().getName() + " does not write per task");
  }

  /**
   * Batch {@code batchId} will not be committed by this instance; {@code messages} are those of
   * the tasks that committed before the batch failed. Best effort: what it leaves behind must
   * never become visible, since a later run writes the batch anew. It also follows a
   * {@link #commit} that threw, with all of that commit's messages: a commit that published part
   * of the batch before it failed must not have that part taken back here (the replay's commit
   * decides), only what was never published.
   */
  default void abort(long batchId, List<WriterCommitMessage> messages) throws IOException {}

  /** Sink-specific figures for the progress's {@code sink.metrics}. */
  default Map<String, String> metrics() {
    return Map.of();
  }

  @Override
  default void close() throws IOException {}
}
