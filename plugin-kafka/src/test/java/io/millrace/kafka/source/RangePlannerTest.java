package io.millrace.kafka.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.kafka.source.RangePlanner.Range;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** {@link RangePlanner} against splits worked by hand from Spark's {@code KafkaOffsetRangeCalculator.getRanges}. */
class RangePlannerTest {

  @Test
  void oneTaskPerNonEmptyRangeWithoutMinPartitionsOrWithEnoughRanges() {
    List<Range> ranges = List.of(new Range("t", 0, 0, 10), new Range("t", 1, 5, 5), new Range("t", 2, 0, 3));
    List<Range> expected = List.of(new Range("t", 0, 0, 10), new Range("t", 2, 0, 3));
    assertThat(RangePlanner.plan(ranges, OptionalInt.empty())).isEqualTo(expected);
    assertThat(RangePlanner.plan(ranges, OptionalInt.of(2))).isEqualTo(expected);
  }

  @Test
  void splitsInProportionKeepingSingleOffsetRangesWhole() {
    // sizes 100, 50, 1; minPartitions 5. The single-offset range stays whole (1 task), so 4 are left for a total of
    // 150: t-0 gets round(100/150*4) = round(2.67) = 3 pieces, t-1 round(50/150*4) = round(1.33) = 1.
    // t-0's pieces: 100/3 = 33, then 67/2 = 33, then the 34 left. Spark lists the whole single ranges first.
    List<Range> planned = RangePlanner.plan(
        List.of(new Range("t", 0, 0, 100), new Range("t", 1, 200, 250), new Range("t", 2, 7, 8)), OptionalInt.of(5));
    assertThat(planned).containsExactly(new Range("t", 2, 7, 8), new Range("t", 0, 0, 33), new Range("t", 0, 33, 66),
        new Range("t", 0, 66, 100), new Range("t", 1, 200, 250));
  }

  @Test
  void aSmallRangeStillGetsOnePiece() {
    // sizes 1000 and 2, minPartitions 4: round(1000/1002*4) = 4, round(2/1002*4) = round(0.008) = 0 -> max(0, 1) = 1.
    List<Range> planned = RangePlanner.plan(List.of(new Range("a", 0, 0, 1000), new Range("b", 0, 0, 2)),
        OptionalInt.of(4));
    assertThat(planned).containsExactly(new Range("a", 0, 0, 250), new Range("a", 0, 250, 500),
        new Range("a", 0, 500, 750), new Range("a", 0, 750, 1000), new Range("b", 0, 0, 2));
  }
}
