package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A deduplication keyed on its event time evicts by range scans; the ranges must hold exactly
 * the keys the full scan would expire, across the sign of the time, where the encoding's
 * unsigned byte order puts negative values after positive ones.
 */
class ExpiredKeyRangesTest {
  private static final Schema INPUT = Schema.parse("id STRING, ts TIMESTAMP");
  private static final Long[] TIMES = {null, Long.MIN_VALUE, Long.MIN_VALUE + 1, -86_400_000_000L, -2L, -1L, 0L, 1L,
      59_999_999L, 60_000_000L, 1_790_000_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE};
  private static final long[] WATERMARKS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -86_400_000_000L, -2L, -1L, 0L, 1L,
      60_000_000L, 1_790_000_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE};

  private final DeduplicationPlan plan = DeduplicationPlan.bind(List.of("id", "ts"), false, INPUT, Optional.of("ts"), 0);
  private final RowCodec keyCodec = new RowCodec(plan.keySchema());
  private final RowCodec valueCodec = new RowCodec(plan.valueSchema());
  private final byte[] seen = valueCodec.encode(Row.of(true));

  @Test
  void theEventTimeLeadsTheKeyWhereverTheCallPutsIt() {
    assertThat(plan.keySchema().names()).containsExactly("ts", "id");
    assertThat(plan.eventTimeLeadsKey()).isTrue();
    assertThat(keyCodec.decode(keyCodec.encodeColumns(Row.of("a", 5L), plan.keyColumns()))).isEqualTo(Row.of(5L, "a"));
    DeduplicationPlan within = DeduplicationPlan.bind(List.of("id", "ts"), true, INPUT, Optional.of("ts"), 0);
    assertThat(within.keySchema().names()).containsExactly("id", "ts");
    assertThat(within.eventTimeLeadsKey()).isFalse();
  }

  @Test
  void recordedStateKeepsItsKeyOrderWithTheTimeAnywhereInIt() {
    Schema input = Schema.parse("a STRING, ts TIMESTAMP, b BIGINT");
    DeduplicationPlan planned = DeduplicationPlan.bind(List.of("a", "ts", "b"), false, input, Optional.of("ts"), 0);
    assertThat(planned.keySchema().names()).containsExactly("ts", "a", "b");
    DeduplicationPlan kept = planned.inKeyOrderOf(Schema.parse("a STRING, ts TIMESTAMP, b BIGINT"));
    assertThat(kept.keySchema().names()).containsExactly("a", "ts", "b");
    assertThat(kept.eventTimeLeadsKey()).isFalse();
    RowCodec codec = new RowCodec(kept.keySchema());
    byte[] key = codec.encodeColumns(Row.of("x", 60_000_000L, 7L), kept.keyColumns());
    assertThat(codec.decode(key)).isEqualTo(Row.of("x", 60_000_000L, 7L));
    RowCodec value = new RowCodec(kept.valueSchema());
    byte[] seenValue = value.encode(Row.of(true));
    assertThat(kept.expired(codec, key, value, seenValue, 60_000_000L)).as("its time read from the middle").isTrue();
    assertThat(kept.expired(codec, key, value, seenValue, 59_999_999L)).isFalse();
    DeduplicationPlan timeSecond = planned.inKeyOrderOf(Schema.parse("b BIGINT, ts TIMESTAMP, a STRING"));
    assertThat(timeSecond.keyColumns()).containsExactly(2, 1, 0);
    assertThat(planned.inKeyOrderOf(Schema.parse("a STRING, ts TIMESTAMP, c BIGINT"))).as("other fields").isSameAs(planned);
  }

  @Test
  void theRangesHoldExactlyTheKeysTheFullScanExpiresAndTheLastEvictionLeft() {
    for (long evictedThrough : WATERMARKS) {
      for (long watermark : WATERMARKS) {
        List<byte[][]> ranges = plan.expiredKeyRanges(evictedThrough, watermark);
        for (Long time : TIMES) {
          for (String id : new String[] {null, "", "a", "\uffff"}) {
            byte[] key = keyCodec.encodeColumns(Row.of(id, time), plan.keyColumns());
            boolean inRange = ranges.stream().anyMatch(r -> Arrays.compareUnsigned(r[0], key) <= 0
                && Arrays.compareUnsigned(key, r[1]) < 0);
            boolean leftByLastEviction = evictedThrough == Long.MIN_VALUE
                || !plan.expired(keyCodec, key, valueCodec, seen, evictedThrough);
            assertThat(inRange)
                .as("key (%s, %s) at watermark %s, evicted through %s", time, id, watermark, evictedThrough)
                .isEqualTo(plan.expired(keyCodec, key, valueCodec, seen, watermark) && leftByLastEviction);
          }
        }
      }
    }
  }
}
