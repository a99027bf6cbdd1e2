package io.millrace.bench;

import static io.millrace.api.functions.expr;

import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What a stream-stream join's eviction costs as its state grows: {@code bench/run.sh join-eviction}.
 * An inner join {@code lk = rk AND rts BETWEEN lts AND lts + INTERVAL 1 SECOND} first keeps
 * {@code N} left rows (ten a millisecond, the watermark held back by a right side with no row),
 * then runs batches of 1,000 new left rows whose watermark does not move, then batches whose one
 * right row moves the watermark on by a second, expiring 10,000 left rows each. Per
 * state size it prints the median state update of each kind of batch and the keys each read to
 * evict: the join reads only the expired rows, so neither should grow with {@code N}.
 *
 * <pre>bench/run.sh join-eviction [--rows 100000,1000000,10000000] [--provider hdfs|rocksdb] [--batches 7]</pre>
 */
public final class JoinEvictionBench {
  private static final Schema LEFT = Schema.parse("lk BIGINT, lts TIMESTAMP");
  private static final Schema RIGHT = Schema.parse("rk BIGINT, rts TIMESTAMP");
  private static final long MS = 1000;
  private static final int FILL_CHUNK = 500_000;

  public static void main(String[] argv) throws Exception {
    EndToEndBench.Args a = new EndToEndBench.Args(argv);
    String provider = a.get("--provider", "hdfs");
    int batches = a.getInt("--batches", 7);
    System.out.println("| state rows | provider | batch without watermark move: state update ms (median) | keys read to"
        + " evict | batch that expires 10,000 rows: state update ms (median) | keys read to evict | rows removed |"
        + " rows in state then |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (String n : a.get("--rows", "100000,1000000,10000000").split(",")) {
      System.out.println(run(Long.parseLong(n.trim()), provider, batches));
    }
  }

  private static String run(long rows, String provider, int batches) throws Exception {
    String leftName = "evict-left-" + UUID.randomUUID();
    String rightName = "evict-right-" + UUID.randomUUID();
    Path checkpoint = Files.createTempDirectory("millrace-join-eviction-");
    try (MemoryStream left = MemoryStream.create(leftName, LEFT);
        MemoryStream right = MemoryStream.create(rightName, RIGHT);
        MillraceSession session = EndToEndBench.session(4, provider)) {
      StreamingQuery q = session.readStream().format("memory").option("name", leftName).load()
          .withWatermark("lts", "0 seconds")
          .join(session.readStream().format("memory").option("name", rightName).load()
              .withWatermark("rts", "0 seconds"), expr("lk = rk AND rts BETWEEN lts AND lts + INTERVAL 1 SECOND"))
          .writeStream().format("noop").outputMode("append").option("checkpointLocation", checkpoint.toString())
          .start();
      long next = 0;
      while (next < rows) { // fill: the right side has no row, so the watermark stays at the epoch
        long until = Math.min(rows, next + FILL_CHUNK);
        left.addData(leftRows(next, until));
        next = until;
        q.processAllAvailable();
      }
      long[] nextLeft = {rows};
      List<StreamingQueryProgress> still = measure(q, batches, () -> {
        long from = nextLeft[0];
        nextLeft[0] += 1000;
        left.addData(leftRows(from, from + 1000));
      });
      long[] watermarkAt = {1_000}; // ms: the first move (to 2 s) expires the rows of the first second
      List<StreamingQueryProgress> moving = measure(q, batches, () -> {
        watermarkAt[0] += 1_000;
        right.addData(List.of(Row.of(-1L, watermarkAt[0] * MS)));
      });
      q.stop();
      return "| " + String.format("%,d", rows) + " | " + provider + " | " + median(still, "stateUpdate") + " | "
          + median(still, "numKeysScannedToEvict") + " | " + median(moving, "stateUpdate") + " | "
          + median(moving, "numKeysScannedToEvict") + " | " + median(moving, "numRowsRemoved") + " | "
          + String.format("%,d", median(moving, "numRowsTotal")) + " |";
    } finally {
      StateWorkloads.delete(checkpoint);
    }
  }

  /**
   * Runs {@code batches} times: {@code add}, then every batch it causes; of each time, the
   * progress of the batch that removed the most rows (the first, if none did).
   */
  private static List<StreamingQueryProgress> measure(StreamingQuery q, int batches, Runnable add) {
    List<StreamingQueryProgress> out = new ArrayList<>();
    for (int i = 0; i < batches; i++) {
      long before = q.lastProgress().batchId();
      add.run();
      q.processAllAvailable();
      StreamingQueryProgress chosen = null;
      for (StreamingQueryProgress p : q.recentProgress()) {
        if (p.batchId() > before && (chosen == null || state(p).numRowsRemoved() > state(chosen).numRowsRemoved())) {
          chosen = p;
        }
      }
      if (chosen != null) {
        out.add(chosen);
      }
    }
    return out;
  }

  private static StateOperatorProgress state(StreamingQueryProgress p) {
    return p.stateOperators().get(0);
  }

  private static long median(List<StreamingQueryProgress> progress, String what) {
    List<Long> values = new ArrayList<>();
    for (StreamingQueryProgress p : progress) {
      StateOperatorProgress s = state(p);
      values.add(what.equals("stateUpdate") ? p.durationMs().getOrDefault("stateUpdate", -1L)
          : what.equals("numRowsRemoved") ? s.numRowsRemoved() : what.equals("numRowsTotal") ? s.numRowsTotal()
          : s.customMetrics().getOrDefault(what, -1L));
    }
    values.sort(Long::compare);
    return values.isEmpty() ? -1 : values.get(values.size() / 2);
  }

  /** Left rows {@code [from, until)}: key i at i * 100 µs past the epoch. */
  private static List<Row> leftRows(long from, long until) {
    List<Row> rows = new ArrayList<>((int) (until - from));
    for (long i = from; i < until; i++) {
      rows.add(Row.of(i, i * 100));
    }
    return rows;
  }
}
