package io.millrace.kafka.source;

import java.util.SortedMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a new query starts, from {@code startingTimestamp}, {@code startingOffsetsByTimestamp} or
 * {@code startingOffsets}, in that order of precedence (Spark's).
 */
sealed interface StartingOffsets {
  /** In an offsets JSON, -2 stands for a partition's earliest offset and -1 for its latest (Spark's). */
  long EARLIEST = -2;
  long LATEST = -1;

  record Earliest() implements StartingOffsets {}

  record Latest() implements StartingOffsets {}

  /** {@code startingOffsets} as JSON: every partition read must be named. */
  record Specific(SortedMap<TopicPartition, Long> offsets) implements StartingOffsets {}

  /** {@code startingTimestamp}: one timestamp (ms) for every partition. */
  record AtTimestamp(long timestampMs) implements StartingOffsets {}

  /** {@code startingOffsetsByTimestamp}: a timestamp (ms) per partition; every partition read must be named. */
  record ByTimestamp(SortedMap<TopicPartition, Long> timestamps) implements StartingOffsets {}
}
