package io.millrace.spi.sink;

/**
 * What a sink promises when the runtime calls {@link Sink#addBatch} again for a batch id it
 * may already have written (after a crash, on a fresh instance). The runtime reports a query
 * as exactly-once only when every source is replayable and the sink says {@link #EXACTLY_ONCE}.
 */
public enum DeliveryGuarantee {
  /** A batch id is written once, however often it is added, on any instance. */
  EXACTLY_ONCE,
  /** A replayed batch may be written again; nothing is lost. */
  AT_LEAST_ONCE,
  /** No promise: rows may be lost or repeated. */
  NONE
}
