package io.millrace.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Correctness checks of a finished run against what Spark 4.0.1 computed over the same files
 * (../shared/spark-baseline/RESULTS.md; only for the full default dataset of 200 files).
 */
final class Checks {
  /** Spark: stateless numInputRows = rows left after the pushed-down filter amount > 250.0. */
  static final long SPARK_STATELESS_ROWS = 7_496_689L;
  /** The dataset's unique ids (manifest: 10,000,000 lines - 100,140 duplicates). */
  static final long UNIQUE_IDS = 9_899_860L;
  /** Spark's window run: groups in state at the end, state rows updated over the run. */
  static final long SPARK_WINDOW_STATE_ROWS = 109_513L;
  static final long SPARK_WINDOW_ROWS_UPDATED = 1_797_538L;
  /** Spark's window run over the Kafka topic (results/spark-4.0.1-shapes-results.jsonl): rows dropped as late. */
  static final long SPARK_KAFKA_WINDOW_DROPPED = 23L;

  private Checks() {}

  static Map<String, Object> of(String shape, String sink, int files, long lines, Map<String, Object> r) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("allLinesRead", num(r, "numInputRows") == lines);
    boolean full = files == 200;
    switch (shape) {
      case "stateless":
      case "stateless-parquet":
        if (full) {
          c.put("outputRowsEqualSparks7496689", num(r, "numOutputRows") == SPARK_STATELESS_ROWS);
          if (sink.equals("kafka")) {
            c.put("committedTopicRecordsEqualSparks7496689", num(r, "sinkRowsCounted") == SPARK_STATELESS_ROWS);
          }
          if (shape.equals("stateless-parquet")) {
            c.put("parquetFileRowsEqualSparks7496689", num(r, "sinkRowsCounted") == SPARK_STATELESS_ROWS);
          }
        }
        break;
      case "copy":
        // Offsets 1..3 of every 4 on each partition: the topic's 10,000,000 records, 2,500,000 per partition.
        c.put("committedTopicRecordsEqual7500000", num(r, "sinkRowsCounted") == 7_500_000L);
        break;
      case "dedup":
        if (full) {
          // Every duplicate removed: each unique id not dropped as late is stored (and emitted)
          // once. A late row may be a copy of another late row (a duplicate line is a copy of an
          // earlier line of its file, same ts), so the late rows bound the lost ids from above.
          long updated = num(r, "stateRowsUpdated");
          c.put("uniqueIdsMinusLateRows<=rowsUpdated<=uniqueIds",
              UNIQUE_IDS - num(r, "numRowsDroppedByWatermark") <= updated && updated <= UNIQUE_IDS);
          c.put("uniqueIdsNotUpdated", UNIQUE_IDS - updated);
          c.put("outputRowsEqualRowsUpdated", num(r, "numOutputRows") == num(r, "stateRowsUpdated"));
        }
        break;
      default:
        if (full && !sink.equals("delta")) {
          c.put("finalStateRowsEqualSparks109513", num(r, "finalStateRows") == SPARK_WINDOW_STATE_ROWS);
          c.put("stateRowsUpdatedVsSparks1797538", num(r, "stateRowsUpdated") + " vs " + SPARK_WINDOW_ROWS_UPDATED);
          if (r.containsKey("maxOffsetsPerTrigger")) {
            // Over the topic, with Spark's 500,000 offsets a batch, Spark's kafka run: the same batches as its files.
            c.put("droppedByWatermarkEqualsSparkKafka23", num(r, "numRowsDroppedByWatermark") == SPARK_KAFKA_WINDOW_DROPPED);
            c.put("stateRowsUpdatedEqualsSparkKafka1797538", num(r, "stateRowsUpdated") == SPARK_WINDOW_ROWS_UPDATED);
          }
        }
    }
    return c;
  }

  private static long num(Map<String, Object> r, String key) {
    Object v = r.get(key);
    return v == null ? -1 : ((Number) v).longValue();
  }
}
