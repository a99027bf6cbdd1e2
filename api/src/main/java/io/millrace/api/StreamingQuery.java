package io.millrace.api;

import io.millrace.spi.sink.DeliveryGuarantee;
import java.util.List;
import java.util.Optional;

/** A running (or finished) streaming query, as returned by {@link DataStreamWriter#start()}. */
public interface StreamingQuery {

  /** The query's id, stable across restarts from one checkpoint. */
  String id();

  /** This run's id, new at every start. */
  String runId();

  /** The name given with {@code queryName}, or null. */
  String name();

  boolean isActive();

  /** Waits until the query stops; throws its failure if it failed. */
  void awaitTermination();

  /**
   * Waits up to {@code timeoutMs}.
   *
   * @return whether the query stopped
   */
  boolean awaitTermination(long timeoutMs);

  /** Stops the query and waits for it: a batch in flight finishes first, nothing is left half-written. */
  void stop();

  /**
   * Waits until every row available in the sources when called has been processed and
   * committed; for tests. Throws the query's failure if it fails meanwhile.
   */
  void processAllAvailable();

  /** The failure that stopped the query, if any. */
  Optional<StreamingQueryException> exception();

  /** The last batch's progress, or null before the first batch. */
  StreamingQueryProgress lastProgress();

  /** The most recent progress records, oldest first, at most {@code millrace.streaming.numRecentProgressUpdates}. */
  List<StreamingQueryProgress> recentProgress();

  /**
   * Reads back, through the sink's provider, up to {@code maxRows} rows of what the sink has
   * made durable: the Delta table, the memory table. Works while the query runs and after it
   * stopped.
   *
   * @throws AnalysisException if the sink cannot be read back; the message says why
   */
  SinkTable readSinkTable(int maxRows);

  /**
   * The end-to-end guarantee this query has: exactly-once only when every source is replayable
   * and the sink is idempotent or transactional.
   */
  DeliveryGuarantee deliveryGuarantee();
}
