package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.expr.TimeWindow;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A deduplication whose watermarked event time is a window column (a {@code window(ts, ..)} made
 * by a select): its time is the window's end. {@code dropDuplicates} over it is checked against
 * Spark 4.0.1 by {@code StreamJoinChainSparkFactsTest} (window_key_inner_then_dedup);
 * {@code dropDuplicatesWithinWatermark} differs from Spark 4.0.1 on purpose (README): Spark reads the
 * struct as a long there and forgets every key at its first eviction, here a key is remembered
 * until the window's end plus the delay, as for a timestamp.
 */
class WindowEventTimeDeduplicationTest {
  private static final long SECOND = 1_000_000L;
  private static final Schema INPUT = Schema.of(new Field("k", DataType.INT, true),
      new Field("w", TimeWindow.TYPE, true));

  private static Row row(int k, long startSecond) {
    return Row.of(k, Row.of(startSecond * SECOND, (startSecond + 10) * SECOND));
  }

  @Test
  void aRowIsLateWhenItsWindowEndsAtOrBeforeTheWatermark() {
    DeduplicationPlan plan = DeduplicationPlan.bind(List.of("k", "w"), false, INPUT, Optional.of("w"), 5_000);
    assertThat(plan.evictsByWatermark()).isTrue();
    assertThat(plan.eventTimeLeadsKey()).as("a window's start is not the time it expires by").isFalse();
    assertThat(plan.late(row(1, 40), 50 * SECOND)).isTrue();
    assertThat(plan.late(row(1, 40), 50 * SECOND - 1)).isFalse();
    assertThat(plan.late(Row.of(1, null), 50 * SECOND)).as("no window, no time").isFalse();
  }

  @Test
  void withinTheWatermarkAKeyIsRememberedUntilItsWindowsEndPlusTheDelay() {
    DeduplicationPlan plan = DeduplicationPlan.bind(List.of("k"), true, INPUT, Optional.of("w"), 5_000);
    assertThat(plan.remember(row(1, 40))).isEqualTo(Row.of(55 * SECOND));
  }
}
