package io.millrace.runtime.state;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An aggregation keyed first on its window (or event time) evicts by range scans; the ranges
 * must hold exactly the groups the full scan finds finished, across the sign of the time.
 */
class FinishedKeyRangesTest {
  private static final Schema INPUT = Schema.parse("ts TIMESTAMP, key STRING");
  private static final long MINUTE = 60_000_000L;
  private static final long[] STARTS = {Long.MIN_VALUE, Long.MIN_VALUE + MINUTE, -86_400_000_000L, -2 * MINUTE, -MINUTE,
      0, MINUTE, 2 * MINUTE, 1_790_000_000_000_000L, Long.MAX_VALUE - 2 * MINUTE, Long.MAX_VALUE - MINUTE - 1};
  private static final Long[] TIMES = {null, Long.MIN_VALUE, Long.MIN_VALUE + 1, -86_400_000_000L, -2L, -1L, 0L, 1L,
      MINUTE - 1, MINUTE, 1_790_000_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE};
  private static final long[] WATERMARKS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE + MINUTE,
      -86_400_000_000L, -MINUTE - 1, -MINUTE, -1L, 0L, 1L, MINUTE - 1, MINUTE, 2 * MINUTE, 1_790_000_000_000_000L,
      Long.MAX_VALUE - MINUTE, Long.MAX_VALUE - 1, Long.MAX_VALUE};

  @Test
  void aWindowFirstRangesHoldExactlyTheFinishedWindowsTheLastEvictionLeft() {
    AggregationPlan plan = plan(window(col("ts"), "1 minute"), col("key"));
    assertThat(plan.eventTimeLeadsKey()).isTrue();
    RowCodec codec = new RowCodec(plan.keySchema());
    check(plan, codec, Arrays.stream(STARTS).mapToObj(s -> Row.of(Row.of(s, s + MINUTE), "k")).toList());
  }

  @Test
  void anEventTimeFirstRangesHoldExactlyTheFinishedTimes() {
    AggregationPlan plan = plan(col("ts"), col("key"));
    assertThat(plan.eventTimeLeadsKey()).isTrue();
    RowCodec codec = new RowCodec(plan.keySchema());
    check(plan, codec, Arrays.stream(TIMES).map(t -> Row.of(t, "k")).toList());
  }

  @Test
  void aKeyThatDoesNotStartWithTheTimeScansEverything() {
    assertThat(plan(col("key"), window(col("ts"), "1 minute")).eventTimeLeadsKey()).isFalse();
    assertThat(plan(col("key")).eventTimeLeadsKey()).isFalse();
  }

  private static void check(AggregationPlan plan, RowCodec codec, List<Row> keys) {
    for (long evictedThrough : WATERMARKS) {
      for (long watermark : WATERMARKS) {
        if (watermark < evictedThrough) {
          continue; // watermarks never go back
        }
        List<byte[][]> ranges = plan.finishedKeyRanges(evictedThrough, watermark);
        for (Row keyRow : keys) {
          byte[] key = codec.encode(keyRow);
          boolean inRange = ranges.stream().anyMatch(r -> Arrays.compareUnsigned(r[0], key) <= 0
              && Arrays.compareUnsigned(key, r[1]) < 0);
          boolean leftByLastEviction = evictedThrough == Long.MIN_VALUE || !plan.finished(codec, key, evictedThrough);
          assertThat(inRange)
              .as("key %s at watermark %s, evicted through %s", keyRow, watermark, evictedThrough)
              .isEqualTo(plan.finished(codec, key, watermark) && leftByLastEviction);
        }
      }
    }
  }

  private static AggregationPlan plan(Column... grouping) {
    List<Expression> groups = Stream.of(grouping).map(c -> ApiExpressions.of(c.node())).toList();
    return AggregationPlan.bind(groups, List.of(ApiExpressions.of(count(col("key")).node())), INPUT, Optional.of("ts"));
  }
}
