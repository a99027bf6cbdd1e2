package io.millrace.spi.source;

import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An input table that only grows, read in ranges of offsets, shaped like Spark's
 * {@code MicroBatchStream}.
 *
 * <p>The runtime drives one instance per query run, from one thread, in this order per
 * batch: {@link #latestOffset} to fix the batch's end, which it records in the write-ahead log
 * <em>before</em> reading; {@link #planInputPartitions} and {@link #createReader} to read
 * {@code (start, end]}; and, once the batch is committed, {@link #commit} so the source may
 * forget what came before {@code end}. After a crash a new instance is asked to read the same
 * range again.
 *
 * <p>The contract (checked by the TCK):
 * <ul>
 *   <li>Offsets only move forward: {@code latestOffset(start, limit)} is never before
 *       {@code start}, and equals {@code start} (same JSON) exactly when there is nothing new.</li>
 *   <li>An offset survives {@code deserializeOffset(offset.json())} unchanged.</li>
 *   <li>With {@link SourceCapability#REPLAYABLE}, reading {@code (start, end]} on any instance
 *       returns the same rows, as long as {@code start} is not before the last committed offset.</li>
 *   <li>The planned partitions are disjoint and cover the range; an empty range has no rows.</li>
 *   <li>{@link #commit} and {@link #close} may be called more than once.</li>
 * </ul>
 */
public interface Source extends AutoCloseable {

  /** The schema of every row this source produces. */
  Schema schema();

  /** The promises this source keeps. */
  Set<SourceCapability> capabilities();

  /**
   * Reads only {@code columns}, a subset of {@link #schema()} in its order: the columns the query
   * uses, as Spark's {@code SupportsPushDownRequiredColumns}. The runtime calls it at most once,
   * right after the source is created and before any other call but {@link #schema()},
   * {@link #capabilities()} and {@link #defaultReadLimit()}, and only on a source that declares
   * {@link SourceCapability#COLUMN_PRUNING}; then {@code schema()} returns {@code columns} and the
   * rows hold only them. The offsets do not depend on it. A task that reads a partition in
   * another process prunes its own instance the same way before reading.
   *
   * @since SPI 1.5
   */
  default void pruneColumns(Schema columns) {
    throw new UnsupportedOperationException(getClass().getName() + " does not declare COLUMN_PRUNING");
  }

  /** The offset before the first row: a new query reads {@code (initialOffset(), latest]}. */
  Offset initialOffset();

  /** Rebuilds an offset from {@link Offset#json()}, on this or any later instance. */
  Offset deserializeOffset(String json);

  /** The limit the user configured (for example {@code maxRowsPerTrigger}), or all available. */
  default ReadLimit defaultReadLimit() {
    return ReadLimit.allAvailable();
  }

  /**
   * The end of the next batch that starts after {@code start}: as far as data is available,
   * but no further than {@code limit} allows.
   */
  Offset latestOffset(Offset start, ReadLimit limit) throws IOException;

  /**
   * Fixes the data this run may read to what is available now: from here on
   * {@link #latestOffset} never returns a position past the one available at this call.
   * Called once, before the first batch, under the available-now trigger. Only sources with
   * {@link SourceCapability#AVAILABLE_NOW} are asked.
   */
  default void prepareForAvailableNow() throws IOException {
    throw new IllegalStateException(getClass().getName() + " does not declare AVAILABLE_NOW");
  }

  /** Splits {@code (start, end]} into partitions that tasks read in parallel. */
  List<InputPartition> planInputPartitions(Offset start, Offset end) throws IOException;

  /** Opens a reader for one partition planned by this or an earlier instance. */
  PartitionReader createReader(InputPartition partition) throws IOException;

  /** Everything up to and including {@code end} is committed and will not be asked for again. */
  default void commit(Offset end) throws IOException {}

  /** Source-specific figures for the progress's {@code sources[].metrics}. */
  default Map<String, String> metrics() {
    return Map.of();
  }

  @Override
  default void close() throws IOException {}
}
