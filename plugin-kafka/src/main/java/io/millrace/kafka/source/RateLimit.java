package io.millrace.kafka.source;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Splits a batch's cap on offsets ({@code maxOffsetsPerTrigger} or the runtime's maxRows) over
 * the partitions, in proportion to what each has pending, as Spark's {@code rateLimit}: each
 * partition gets {@code floor(limit * pending / total)}.
 *
 * <p>Spark rounds a share below 1 up to 1 so that no partition starves, which exceeds the cap
 * when more partitions hold data than the cap allows offsets. Here the cap is an upper bound (the
 * SPI's rule): the remainder {@code limit - sum(floors)} is handed out one offset at a time,
 * first to partitions with data and a share of 0, in an order that rotates every batch (none
 * starves), then to the largest fractional parts. The total is exactly the cap, never above.
 */
final class RateLimit {
  private RateLimit() {}

  /**
   * The end of each partition's part of the batch. {@code from} holds the start of every
   * partition in {@code latest}; {@code rotation} changes from batch to batch.
   */
  static Map<TopicPartition, Long> cap(SortedMap<TopicPartition, Long> from, SortedMap<TopicPartition, Long> latest,
      long limit, long rotation) {
    Map<TopicPartition, Long> end = new HashMap<>(latest);
    long total = 0;
    for (Map.Entry<TopicPartition, Long> e : latest.entrySet()) {
      total += pending(from.get(e.getKey()), e.getValue());
    }
    if (total <= limit) {
      return end;
    }
    long given = 0;
    List<TopicPartition> starved = new ArrayList<>();
    List<TopicPartition> fractional = new ArrayList<>();
    Map<TopicPartition, Long> fraction = new HashMap<>();
    for (Map.Entry<TopicPartition, Long> e : latest.entrySet()) {
      TopicPartition tp = e.getKey();
      long size = pending(from.get(tp), e.getValue());
      BigInteger[] share = BigInteger.valueOf(limit).multiply(BigInteger.valueOf(size))
          .divideAndRemainder(BigInteger.valueOf(total));
      long floor = share[0].longValueExact();
      end.put(tp, from.get(tp) + floor);
      given += floor;
      if (size > 0 && floor == 0) {
        starved.add(tp);
      } else if (share[1].signum() > 0) {
        fractional.add(tp);
        fraction.put(tp, share[1].longValueExact()); // of the common denominator total
      }
    }
    long left = limit - given;
    int n = starved.size();
    for (int i = 0; i < n && left > 0; i++, left--) {
      end.merge(starved.get((int) ((rotation + i) % n)), 1L, Long::sum);
    }
    fractional.sort(Comparator.comparing((TopicPartition tp) -> -fraction.get(tp)).thenComparing(PartitionOffsets.ORDER));
    for (int i = 0; i < fractional.size() && left > 0; i++, left--) {
      end.merge(fractional.get(i), 1L, Long::sum);
    }
    return end;
  }

  private static long pending(Long from, long latest) {
    return Math.max(0, latest - from);
  }
}
