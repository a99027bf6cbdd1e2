package io.millrace.kafka.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SortedMap;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** {@link RateLimit} against shares worked by hand from Spark's rule, {@code floor(limit * size / total)}. */
class RateLimitTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);
  private static final TopicPartition P1 = new TopicPartition("t", 1);
  private static final TopicPartition P2 = new TopicPartition("t", 2);
  private static final TopicPartition P3 = new TopicPartition("t", 3);

  @Test
  void equalPartitionsShareEqually() {
    // The benchmark's shape: 4 partitions of 2.5 M pending, maxOffsetsPerTrigger 500 000: 125 000 each, as Spark.
    Map<TopicPartition, Long> end = RateLimit.cap(map(0, 0, 0, 0), map(2_500_000, 2_500_000, 2_500_000, 2_500_000),
        500_000, 0);
    assertThat(end).isEqualTo(map(125_000, 125_000, 125_000, 125_000));
  }

  @Test
  void sharesFollowPendingVolumeAndTheRemainderGoesToTheLargestFraction() {
    // pending 50, 30, 20 (total 100), limit 7: 3.5 -> 3, 2.1 -> 2, 1.4 -> 1; sum 6, the 1 left goes to P0 (.5).
    // Starts at 10, 0, 5 so ends are start + share.
    Map<TopicPartition, Long> end = RateLimit.cap(map(10, 0, 5), map(60, 30, 25), 7, 0);
    assertThat(end).isEqualTo(map(14, 2, 6));
  }

  @Test
  void takesEverythingWhenUnderTheCap() {
    assertThat(RateLimit.cap(map(0, 5, 7), map(3, 5, 9), 100, 0)).isEqualTo(map(3, 5, 9));
  }

  @Test
  void neverExceedsTheCapWhereSparkWouldAndRotatesTheStarvedPartitions() {
    // 4 partitions with 1 pending each, limit 2: Spark's ceil gives 1 each (4 > 2). Here 2 a batch, rotating.
    SortedMap<TopicPartition, Long> from = map(0, 0, 0, 0);
    SortedMap<TopicPartition, Long> latest = map(1, 1, 1, 1);
    assertThat(RateLimit.cap(from, latest, 2, 0)).isEqualTo(map(1, 1, 0, 0));
    assertThat(RateLimit.cap(from, latest, 2, 1)).isEqualTo(map(0, 1, 1, 0));
    assertThat(RateLimit.cap(from, latest, 2, 3)).isEqualTo(map(1, 0, 0, 1));
    assertThat(RateLimit.cap(from, latest, 1, 2)).isEqualTo(map(0, 0, 1, 0));
  }

  @Test
  void aPartitionWithNothingPendingGetsNothing() {
    // pending 0, 9, 1 (total 10), limit 5: 0, 4.5 -> 4, 0.5 -> 0 (starved, so it gets the 1 left).
    assertThat(RateLimit.cap(map(4, 0, 0), map(4, 9, 1), 5, 0)).isEqualTo(map(4, 4, 1));
  }

  private static SortedMap<TopicPartition, Long> map(long... offsets) {
    TopicPartition[] tps = {P0, P1, P2, P3};
    java.util.Map<TopicPartition, Long> m = new java.util.HashMap<>();
    for (int i = 0; i < offsets.length; i++) {
      m.put(tps[i], offsets[i]);
    }
    return PartitionOffsets.sorted(m);
  }
}
