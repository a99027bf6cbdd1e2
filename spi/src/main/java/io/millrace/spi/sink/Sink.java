package io.millrace.spi.sink;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a query's result goes.
 *
 * <p>The runtime calls {@link #addBatch} once per batch, in batch id order, from one thread,
 * after recording the batch in the write-ahead log and before recording it as committed. A
 * crash between the two makes a later run (on a new instance, possibly in a new process) call
 * {@code addBatch} again with the same id and the same rows. What the sink then does is its
 * {@link #guarantee()}:
 * <ul>
 *   <li>{@link DeliveryGuarantee#EXACTLY_ONCE}: the second call changes nothing, on a fresh
 *       instance too, so the sink must record durably which ids it wrote, atomically with the
 *       data. A call with an id older than one already written is also a no-op.</li>
 *   <li>No partial batch is ever visible: a crash inside {@code addBatch} leaves either the
 *       whole batch or none of it (exactly-once sinks).</li>
 * </ul>
 */
public interface Sink extends AutoCloseable {

  /** What a replayed {@link #addBatch} does. */
  DeliveryGuarantee guarantee();

  /** The output modes this sink can write; the runtime refuses others at start. */
  default Set<OutputMode> supportedOutputModes() {
    return EnumSet.allOf(OutputMode.class);
  }

  /** Writes batch {@code batchId}. Throwing fails the batch; it is retried on restart. */
  void addBatch(long batchId, Batch batch) throws IOException;

  /** Sink-specific figures for the progress's {@code sink.metrics}. */
  default Map<String, String> metrics() {
    return Map.of();
  }

  @Override
  default void close() throws IOException {}
}
