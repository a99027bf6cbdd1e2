package io.millrace.tck.source;

import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Compares what a source read with what the kit appended, and says what differs. */
final class RowChecks {
  private static final int SHOWN = 10;

  private RowChecks() {}

  /** Fails unless {@code read} holds each row of {@code expected} exactly once and nothing else. */
  static void exactlyOnce(String rule, String what, List<Row> expected, List<Row> read) {
    Map<Row, Integer> want = counts(expected);
    Map<Row, Integer> got = counts(read);
    List<Row> missing = new ArrayList<>();
    List<Row> duplicated = new ArrayList<>();
    List<Row> unexpected = new ArrayList<>();
    want.forEach((row, n) -> {
      int seen = got.getOrDefault(row, 0);
      if (seen < n) {
        missing.add(row);
      } else if (seen > n) {
        duplicated.add(row);
      }
    });
    got.keySet().stream().filter(row -> !want.containsKey(row)).forEach(unexpected::add);
    if (!missing.isEmpty() || !duplicated.isEmpty() || !unexpected.isEmpty()) {
      fail(rule + " " + what + ": expected " + expected.size() + " rows, each once; read " + read.size()
          + ". missing: " + show(missing) + "; read more than once: " + show(duplicated)
          + "; not expected here: " + show(unexpected));
    }
  }

  /** Fails unless both reads hold the same rows, as many times each. */
  static void sameRows(String rule, String what, List<Row> first, List<Row> second) {
    Map<Row, Integer> a = counts(first);
    Map<Row, Integer> b = counts(second);
    if (!a.equals(b)) {
      List<Row> onlyFirst = new ArrayList<>();
      List<Row> onlySecond = new ArrayList<>();
      a.forEach((row, n) -> {
        for (int i = b.getOrDefault(row, 0); i < n; i++) {
          onlyFirst.add(row);
        }
      });
      b.forEach((row, n) -> {
        for (int i = a.getOrDefault(row, 0); i < n; i++) {
          onlySecond.add(row);
        }
      });
      fail(rule + " " + what + ": the reads differ. only in the first (" + first.size() + " rows): " + show(onlyFirst)
          + "; only in the second (" + second.size() + " rows): " + show(onlySecond));
    }
  }

  /** Fails unless every partition lists its rows in the order they were appended. */
  static void appendOrder(String rule, String what, List<Row> appended, List<List<Row>> partitions) {
    Map<Row, Integer> position = new HashMap<>();
    for (int i = 0; i < appended.size(); i++) {
      position.put(appended.get(i), i);
    }
    for (int p = 0; p < partitions.size(); p++) {
      int last = -1;
      for (Row row : partitions.get(p)) {
        Integer at = position.get(row);
        if (at == null) {
          continue;
        }
        if (at < last) {
          fail(rule + " " + what + ": the source declares ORDERED, but partition " + p + " reads " + row
              + " (appended " + at + "th) after a row appended " + last + "th; partition: " + show(partitions.get(p)));
        }
        last = at;
      }
    }
  }

  private static Map<Row, Integer> counts(List<Row> rows) {
    Map<Row, Integer> counts = new LinkedHashMap<>();
    rows.forEach(row -> counts.merge(row, 1, Integer::sum));
    return counts;
  }

  static String show(List<Row> rows) {
    if (rows.size() <= SHOWN) {
      return rows.toString();
    }
    return rows.subList(0, SHOWN) + " and " + (rows.size() - SHOWN) + " more";
  }
}
