package io.millrace.api.testing;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares the rows a query wrote with the expected ones, as Spark's {@code QueryTest.sameRows}:
 * as multisets (each row as often as expected, in any order) or, for the ordered checks, as
 * lists. Values compare exactly: {@code 1L} is not {@code 1}, {@code -0.0} is not {@code 0.0}.
 */
final class RowsDiff {
  private static final Comparator<Row> SHOWN = Comparator.comparing(Row::toString);

  private RowsDiff() {}

  /** Why {@code actual} is not {@code expected}, or empty if it is. */
  static Optional<String> compare(List<Row> expected, List<Row> actual, boolean ordered) {
    if (ordered ? expected.equals(actual) : counts(expected).equals(counts(actual))) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder();
    section(out, "Expected", expected, ordered);
    section(out, "Actual", actual, ordered);
    if (!ordered) {
      List<Row> missing = minus(expected, actual);
      List<Row> unexpected = minus(actual, expected);
      if (!missing.isEmpty()) {
        section(out, "Missing from the actual rows", missing, false);
      }
      if (!unexpected.isEmpty()) {
        section(out, "Not expected", unexpected, false);
      }
    }
    return Optional.of(out.toString());
  }

  private static void section(StringBuilder out, String title, List<Row> rows, boolean ordered) {
    out.append("== ").append(title).append(" (").append(rows.size()).append(rows.size() == 1 ? " row" : " rows")
        .append(ordered ? ", in order" : "").append(") ==\n");
    List<Row> shown = new ArrayList<>(rows);
    if (!ordered) {
      shown.sort(SHOWN);
    }
    shown.forEach(r -> out.append(r).append('\n'));
  }

  private static Map<Row, Integer> counts(List<Row> rows) {
    Map<Row, Integer> counts = new HashMap<>();
    rows.forEach(r -> counts.merge(r, 1, Integer::sum));
    return counts;
  }

  /** {@code rows} without one copy of each row of {@code other}, as multisets. */
  private static List<Row> minus(List<Row> rows, List<Row> other) {
    Map<Row, Integer> left = counts(other);
    List<Row> out = new ArrayList<>();
    for (Row r : rows) {
      if (left.getOrDefault(r, 0) > 0) {
        left.merge(r, -1, Integer::sum);
      } else {
        out.add(r);
      }
    }
    return out;
  }
}
