package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a sink durably holds compared with what it should, in the way Jepsen's queue checker
 * classifies messages: rows <b>lost</b> (expected, not there), <b>unexpected</b> (there, never
 * expected) and <b>duplicated</b> (there more often than expected).
 *
 * @param lost expected rows missing (once per missing copy)
 * @param unexpected rows that should not be there at all
 * @param duplicated extra copies of expected rows
 */
record Delivery(List<Row> lost, List<Row> unexpected, List<Row> duplicated) {
  private static final int SHOWN = 10;

  static Delivery of(List<Row> expected, List<Row> actual) {
    Map<Row, Integer> want = counts(expected);
    Map<Row, Integer> got = counts(actual);
    List<Row> lost = new ArrayList<>();
    List<Row> unexpected = new ArrayList<>();
    List<Row> duplicated = new ArrayList<>();
    want.forEach((row, n) -> repeat(lost, row, n - got.getOrDefault(row, 0)));
    got.forEach((row, n) -> {
      Integer wanted = want.get(row);
      repeat(wanted == null ? unexpected : duplicated, row, n - (wanted == null ? 0 : wanted));
    });
    return new Delivery(lost, unexpected, duplicated);
  }

  boolean exact() {
    return lost.isEmpty() && unexpected.isEmpty() && duplicated.isEmpty();
  }

  /** Whether every extra copy is of a row in {@code allowed}. */
  boolean duplicatesOnlyOf(List<Row> allowed) {
    Set<Row> ok = new HashSet<>(allowed);
    return ok.containsAll(duplicated);
  }

  String describe() {
    return "lost " + lost.size() + ": " + show(lost) + "; unexpected " + unexpected.size() + ": " + show(unexpected)
        + "; duplicated " + duplicated.size() + ": " + show(duplicated);
  }

  private static void repeat(List<Row> into, Row row, int times) {
    for (int i = 0; i < times; i++) {
      into.add(row);
    }
  }

  private static Map<Row, Integer> counts(List<Row> rows) {
    Map<Row, Integer> counts = new HashMap<>();
    rows.forEach(row -> counts.merge(row, 1, Integer::sum));
    return counts;
  }

  static String show(List<Row> rows) {
    return rows.size() <= SHOWN ? rows.toString() : rows.subList(0, SHOWN) + " and " + (rows.size() - SHOWN) + " more";
  }
}
