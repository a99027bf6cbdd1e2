package io.millrace.api.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows with 0-based index {@code from} to {@code until - 1}: the range of offsets
 * {@code (from, until]}.
 */
record RowRange(long from, long until) implements java.io.Serializable {

  RowRange {
    if (from < 0 || until < from) {
      throw new IllegalArgumentException("bad row range [" + from + ", " + until + ")");
    }
  }

  long size() {
    return until - from;
  }

  /**
   * Splits {@code (start, end]} into at most {@code parts} contiguous, disjoint, non-empty
   * ranges that cover it in order, with sizes that differ by at most one. Empty if
   * {@code end == start}.
   */
  static List<RowRange> split(long start, long end, int parts) {
    if (end < start) {
      throw new IllegalArgumentException("the end offset " + end + " is before the start offset " + start);
    }
    long rows = end - start;
    int count = (int) Math.min(parts, rows);
    List<RowRange> ranges = new ArrayList<>(count);
    long from = start;
    for (int i = 0; i < count; i++) {
      long size = rows / count + (i < rows % count ? 1 : 0);
      ranges.add(new RowRange(from, from + size));
      from += size;
    }
    return ranges;
  }

  @Override
  public String toString() {
    return "rows " + from + ".." + (until - 1);
  }
}
