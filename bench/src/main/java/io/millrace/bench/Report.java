package io.millrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** results.jsonl in and a markdown table out. */
final class Report {
  private Report() {}

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> read(Path results) throws IOException {
    List<Map<String, Object>> all = new ArrayList<>();
    for (String line : Files.readAllLines(results)) {
      if (!line.isBlank()) {
        all.add(EndToEndBench.JSON.readValue(line, Map.class));
      }
    }
    return all;
  }

  static Map<String, Object> find(Path results, String runId) throws IOException {
    for (Map<String, Object> r : read(results)) {
      if (runId.equals(r.get("runId"))) {
        return r;
      }
    }
    throw new IllegalArgumentException("no run '" + runId + "' in " + results);
  }

  static void printTable(List<Map<String, Object>> runs) {
    System.out.println();
    System.out.println("| run | bench | state | sink | wall s | rows/s | rows/CPU-s | cores | batches d+nd "
        + "| median batch ms | p90 | first batch ms | launch→first batch ms | dropped late | state rows | out rows "
        + "| checks | load before |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (Map<String, Object> r : runs) {
      Object wall = r.get("wallMs");
      System.out.printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s+%s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
          r.get("runId"), r.get("bench"), r.get("provider"), r.get("sink"),
          wall == null ? "" : String.format("%.1f", ((Number) wall).doubleValue() / 1000), s(r, "rowsPerSec"),
          s(r, "rowsPerCpuSec"), s(r, "coresBusy"), s(r, "batchesData"), s(r, "batchesNoData"),
          s(r, "medianBatchMsData"), s(r, "p90BatchMsData"), s(r, "firstBatchMs"), s(r, "launchToFirstBatchMs"),
          s(r, "numRowsDroppedByWatermark"), s(r, "finalStateRows"), s(r, "numOutputRows"), s(r, "checks"),
          s(r, "loadAvgBefore"));
    }
  }

  private static String s(Map<String, Object> r, String key) {
    Object v = r.get(key);
    return v == null ? "" : v.toString();
  }
}
