package io.millrace.tck.source;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The reference source's external system: named, append-only logs of rows held in this JVM. */
final class ReferenceLogs {
  private static final Map<String, List<Row>> LOGS = new ConcurrentHashMap<>();

  private ReferenceLogs() {}

  static void create(String log) {
    LOGS.put(log, new ArrayList<>());
  }

  static void remove(String log) {
    LOGS.remove(log);
  }

  static void append(String log, List<Row> rows) {
    List<Row> target = get(log);
    synchronized (target) {
      target.addAll(rows);
    }
  }

  static long size(String log) {
    List<Row> rows = get(log);
    synchronized (rows) {
      return rows.size();
    }
  }

  /** Rows {@code from .. until-1}; fewer if the log is shorter. */
  static List<Row> rows(String log, long from, long until) {
    List<Row> rows = get(log);
    synchronized (rows) {
      int end = (int) Math.min(until, rows.size());
      return List.copyOf(rows.subList((int) Math.min(from, end), end));
    }
  }

  private static List<Row> get(String log) {
    List<Row> rows = LOGS.get(log);
    if (rows == null) {
      throw new IllegalStateException("no reference log '" + log + "'");
    }
    return rows;
  }
}
