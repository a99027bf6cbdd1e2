package io.millrace.kafka.source;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Cuts a batch's per-partition ranges into tasks, as Spark's {@code KafkaOffsetRangeCalculator}:
 * empty ranges are dropped; without {@code minPartitions}, or when there are already that many
 * ranges, one task per range. Otherwise ranges of one offset stay whole, and each larger range is
 * cut into {@code max(round(size / totalOfLarger * (minPartitions - #single)), 1)} consecutive
 * pieces of {@code remaining / piecesLeft} offsets, the last piece taking the rounding.
 */
final class RangePlanner {
  private RangePlanner() {}

  /** A range {@code [from, until)} of one partition. */
  record Range(String topic, int partition, long from, long until) {
    long size() {
      return until - from;
    }
  }

  static List<Range> plan(List<Range> ranges, OptionalInt minPartitions) {
    List<Range> nonEmpty = ranges.stream().filter(r -> r.size() > 0).toList();
    if (minPartitions.isEmpty() || nonEmpty.size() >= minPartitions.getAsInt()) {
      return nonEmpty;
    }
    List<Range> single = nonEmpty.stream().filter(r -> r.size() == 1).toList();
    List<Range> divisible = nonEmpty.stream().filter(r -> r.size() > 1).toList();
    long totalToSplit = divisible.stream().mapToLong(Range::size).sum();
    int divisibleMin = minPartitions.getAsInt() - single.size();
    List<Range> planned = new ArrayList<>(single);
    for (Range range : divisible) {
      int parts = (int) Math.max(Math.round((double) range.size() / totalToSplit * divisibleMin), 1);
      long remaining = range.size();
      long start = range.from();
      for (int part = 0; part < parts; part++) {
        long piece = remaining / (parts - part);
        remaining -= piece;
        long end = Math.min(start + piece, range.until());
        if (end > start) { // more pieces than offsets leave empty ones, which read nothing
          planned.add(new Range(range.topic(), range.partition(), start, end));
        }
        start = end;
      }
    }
    return planned;
  }
}
