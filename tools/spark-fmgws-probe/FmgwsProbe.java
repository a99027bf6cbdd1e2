import java.util.*;
import org.apache.spark.api.java.function.*;
import org.apache.spark.sql.*;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import org.apache.spark.sql.execution.streaming.sources.MemorySink;
import org.apache.spark.sql.streaming.*;
import org.apache.spark.sql.types.*;
import org.apache.spark.util.ManualClock;
import scala.Option;
import static org.apache.spark.sql.functions.*;

/** Scenarios of [flat]MapGroupsWithState on Spark 4.0.1 on a manual clock; prints rows and progress per step. */
public class FmgwsProbe {
  static class WClock extends ManualClock {
    volatile long waitingAt = -1;
    @Override public long waitTillTime(long t) { waitingAt = t; return super.waitTillTime(t); }
  }
  static SparkSession spark;
  static final StructType OUT = new StructType().add("key", "string").add("count", "long").add("timedOut", "boolean")
      .add("exists", "boolean").add("procMs", "long").add("wmMs", "long");

  public static void main(String[] a) throws Exception {
    spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2").config("spark.sql.session.timeZone", "UTC").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    String only = a.length > 0 ? a[0] : "";
    for (String c : List.of("map-proc", "flat-event-append", "flat-update-none", "refusals", "errors")) {
      if (only.isEmpty() || only.equals(c)) {
        try { run(c); } catch (Throwable e) { System.out.println("CASE " + c + " FAILED " + e); e.printStackTrace(System.out); }
      }
    }
    spark.stop();
  }

  static Dataset<Row> parse(MemoryStream<String> ms) {
    Dataset<Row> d = ms.toDF();
    return d.select(split(col("value"), "\\|").getItem(0).as("key"),
        expr("timestamp_millis(cast(split(value, '\\\\|')[1] as long))").as("ts"),
        split(col("value"), "\\|").getItem(2).as("v"));
  }

  static long wm(GroupState<?> s) { try { return s.getCurrentWatermarkMs(); } catch (Exception e) { return -9; } }

  /** mapGroupsWithState, update, processing-time timeout of 10 s, running count; a timeout emits and removes. */
  static final MapGroupsWithStateFunction<String, Row, Long, Row> COUNT_PROC = (key, rows, state) -> {
    if (state.hasTimedOut()) {
      Row r = RowFactory.create(key, state.exists() ? state.get() : -1L, true, state.exists(),
          state.getCurrentProcessingTimeMs(), wm(state));
      state.remove();
      return r;
    }
    long n = state.exists() ? state.get() : 0;
    while (rows.hasNext()) { rows.next(); n++; }
    state.update(n);
    state.setTimeoutDuration("10 seconds");
    return RowFactory.create(key, n, false, true, state.getCurrentProcessingTimeMs(), wm(state));
  };

  /** flatMapGroupsWithState, append, event-time timeout: count; timeout at max ts + 5 s; v=rm removes but keeps a timeout; v=eq sets the timeout at the watermark. */
  static final FlatMapGroupsWithStateFunction<String, Row, Long, Row> COUNT_EVENT = (key, rows, state) -> {
    if (state.hasTimedOut()) {
      Row r = RowFactory.create(key, state.exists() ? state.get() : -1L, true, state.exists(),
          state.getCurrentProcessingTimeMs(), state.getCurrentWatermarkMs());
      state.remove();
      return List.of(r).iterator();
    }
    long n = state.exists() ? state.get() : 0;
    long max = 0;
    String last = "";
    while (rows.hasNext()) { Row r = rows.next(); n++; max = Math.max(max, r.getTimestamp(1).getTime()); last = r.getString(2); }
    if (last.equals("rm")) {
      state.remove();
      state.setTimeoutTimestamp(max + 5000);
    } else if (last.equals("eq")) {
      state.update(n);
      state.setTimeoutTimestamp(state.getCurrentWatermarkMs());
    } else {
      state.update(n);
      state.setTimeoutTimestamp(max, "5 seconds");
    }
    return Collections.emptyIterator();
  };

  /** flatMapGroupsWithState, update, no timeout: one row per call with the running count. */
  static final FlatMapGroupsWithStateFunction<String, Row, Long, Row> COUNT_NONE = (key, rows, state) -> {
    long n = state.exists() ? state.get() : 0;
    while (rows.hasNext()) { rows.next(); n++; }
    if (n >= 3) state.remove(); else state.update(n);
    return List.of(RowFactory.create(key, n, false, state.exists(), state.getCurrentProcessingTimeMs(), wm(state))).iterator();
  };

  static void run(String c) throws Exception {
    System.out.println("=== CASE " + c);
    MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    Dataset<Row> in = parse(ms);
    KeyValueGroupedDataset<String, Row> g;
    Dataset<Row> q;
    OutputMode mode;
    List<Object[]> steps = new ArrayList<>(); // {data (String[] or null), advanceMs}
    switch (c) {
      case "map-proc":
        g = in.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
        q = g.mapGroupsWithState(COUNT_PROC, Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.ProcessingTimeTimeout());
        mode = OutputMode.Update();
        steps.add(new Object[] {new String[] {"a|0|x", "a|0|x", "b|0|x"}, 1000L});
        steps.add(new Object[] {new String[] {"a|0|x"}, 1000L});
        steps.add(new Object[] {null, 9000L});  // t=11000: b's timeout 11000 is not < 11000
        steps.add(new Object[] {null, 1000L});  // t=12000
        steps.add(new Object[] {null, 1000L});  // t=13000
        steps.add(new Object[] {null, 1000L});
        break;
      case "flat-event-append":
        g = in.withWatermark("ts", "10 seconds").groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
        q = g.flatMapGroupsWithState(COUNT_EVENT, OutputMode.Append(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.EventTimeTimeout());
        mode = OutputMode.Append();
        steps.add(new Object[] {new String[] {"a|10000|x", "a|12000|x", "r|10000|rm"}, 1000L}); // a timeout 17000, r 15000, wm -> 2000
        steps.add(new Object[] {new String[] {"b|27000|x"}, 1000L});   // wm used 2000; wm -> 17000
        steps.add(new Object[] {null, 1000L});                          // no-data batch at wm 17000: r (15000) fires; a (17000) does not
        steps.add(new Object[] {new String[] {"c|27001|x", "a|1000|x", "e|30000|eq"}, 1000L}); // a's late row dropped (<= 17000); wm -> 17001
        steps.add(new Object[] {null, 1000L});                          // wm 17001: a fires
        steps.add(new Object[] {new String[] {"d|60000|x"}, 1000L});
        steps.add(new Object[] {null, 1000L});                          // wm 50000: b, c, e fire
        steps.add(new Object[] {null, 1000L});
        break;
      case "flat-update-none":
        g = in.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
        q = g.flatMapGroupsWithState(COUNT_NONE, OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout());
        mode = OutputMode.Update();
        steps.add(new Object[] {new String[] {"a|0|x", "b|0|x", "a|0|x"}, 1000L});
        steps.add(new Object[] {new String[] {"a|0|x", "b|0|x"}, 1000L});
        steps.add(new Object[] {new String[] {"a|0|x"}, 1000L});
        steps.add(new Object[] {null, 1000L});
        break;
      case "refusals":
        refusals(in);
        return;
      case "errors":
        errors();
        return;
      default: throw new IllegalArgumentException(c);
    }
    runSteps(c, q, mode, ms, steps);
  }

  static org.apache.spark.sql.streaming.StreamingQuery start(String name, Dataset<Row> q, OutputMode mode, MemorySink sink, WClock clock) throws Exception {
    org.apache.spark.sql.classic.StreamingQueryManager m = (org.apache.spark.sql.classic.StreamingQueryManager) spark.streams();
    String cp = java.nio.file.Files.createTempDirectory("fmgws-" + name).toString();
    return m.startQuery(Option.apply(name + System.nanoTime()), Option.apply(cp), (org.apache.spark.sql.classic.Dataset<?>) q,
        scala.collection.immutable.Map$.MODULE$.empty(), sink, mode, false, true, Trigger.ProcessingTime(1000), clock,
        Option.empty(), Option.empty());
  }

  static void runSteps(String c, Dataset<Row> q, OutputMode mode, MemoryStream<String> ms, List<Object[]> steps) throws Exception {
    WClock clock = new WClock();
    MemorySink sink = new MemorySink();
    org.apache.spark.sql.streaming.StreamingQuery s = start(c, q, mode, sink, clock);
    waitFor(s, clock, 1000);
    int seen = 0;
    long lastBatch = -1;
    for (Object[] step : steps) {
      if (step[0] != null) {
        ms.addData(scala.jdk.javaapi.CollectionConverters.asScala(Arrays.asList((String[]) step[0])));
      }
      clock.advance((Long) step[1]);
      long t = clock.getTimeMillis();
      waitFor(s, clock, t + 1000);
      StreamingQueryProgress p = s.lastProgress();
      List<Row> all = scala.jdk.javaapi.CollectionConverters.asJava(sink.allData());
      List<String> fresh = new ArrayList<>();
      for (Row r : all.subList(seen, all.size())) fresh.add(r.toString());
      Collections.sort(fresh);
      seen = all.size();
      String prog = "no batch";
      if (p != null && p.batchId() != lastBatch) {
        lastBatch = p.batchId();
        StateOperatorProgress o = p.stateOperators()[0];
        prog = "batch " + p.batchId() + " in=" + p.numInputRows() + " op=" + o.operatorName() + " total=" + o.numRowsTotal()
            + " updated=" + o.numRowsUpdated() + " removed=" + o.numRowsRemoved() + " dropped=" + o.numRowsDroppedByWatermark()
            + " wm=" + p.eventTime().get("watermark");
      }
      System.out.println("STEP t=" + t + " data=" + (step[0] == null ? "-" : Arrays.toString((String[]) step[0])) + " | " + prog + " | rows=" + fresh);
    }
    s.stop();
  }

  static void waitFor(org.apache.spark.sql.streaming.StreamingQuery s, WClock clock, long target) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (clock.waitingAt < target) {
      if (!s.isActive()) {
        System.out.println("QUERY STOPPED: " + s.exception());
        throw new IllegalStateException("stopped");
      }
      if (System.currentTimeMillis() > deadline) throw new IllegalStateException("timeout waiting at " + target + " waiting=" + clock.waitingAt);
      Thread.sleep(20);
    }
    Thread.sleep(50);
  }

  static void tryStart(String name, Dataset<Row> q, OutputMode mode) {
    try {
      org.apache.spark.sql.streaming.StreamingQuery s = start(name, q, mode, new MemorySink(), new WClock());
      System.out.println("REFUSAL " + name + ": STARTED");
      s.stop();
    } catch (Throwable e) {
      System.out.println("REFUSAL " + name + ": " + e.getClass().getName() + ": " + e.getMessage().replace('\n', ' '));
    }
  }

  static void refusals(Dataset<Row> in) {
    KeyValueGroupedDataset<String, Row> g = in.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
    KeyValueGroupedDataset<String, Row> gw = in.withWatermark("ts", "10 seconds").groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
    tryStart("map-in-append", g.mapGroupsWithState(COUNT_PROC, Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.ProcessingTimeTimeout()), OutputMode.Append());
    tryStart("flat-update-in-append", g.flatMapGroupsWithState(COUNT_NONE, OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout()), OutputMode.Append());
    tryStart("flat-append-in-update", g.flatMapGroupsWithState(COUNT_NONE, OutputMode.Append(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout()), OutputMode.Update());
    tryStart("event-timeout-without-watermark", g.flatMapGroupsWithState(COUNT_EVENT, OutputMode.Append(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.EventTimeTimeout()), OutputMode.Append());
    try {
      g.flatMapGroupsWithState(COUNT_NONE, OutputMode.Complete(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout());
      System.out.println("REFUSAL flat-complete: ACCEPTED");
    } catch (Throwable e) {
      System.out.println("REFUSAL flat-complete: " + e.getClass().getName() + ": " + e.getMessage());
    }
    Dataset<Row> m1 = g.mapGroupsWithState(COUNT_PROC, Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.ProcessingTimeTimeout());
    tryStart("two-maps", m1.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING())
        .mapGroupsWithState(COUNT_PROC, Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.ProcessingTimeTimeout()), OutputMode.Update());
    Dataset<Row> fe = gw.flatMapGroupsWithState(COUNT_EVENT, OutputMode.Append(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.EventTimeTimeout());
    tryStart("stateful-after-event-timeout", fe.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING())
        .flatMapGroupsWithState(COUNT_NONE, OutputMode.Append(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout()), OutputMode.Append());
  }

  /** One function per misuse, each run for one batch of one row. */
  static void errors() throws Exception {
    Map<String, FlatMapGroupsWithStateFunction<String, Row, Long, Row>> fns = new LinkedHashMap<>();
    fns.put("duration-under-event", (k, r, s) -> { s.setTimeoutDuration(1000); return Collections.emptyIterator(); });
    fns.put("timestamp-under-proc", (k, r, s) -> { s.setTimeoutTimestamp(1000); return Collections.emptyIterator(); });
    fns.put("watermark-without-one", (k, r, s) -> { s.getCurrentWatermarkMs(); return Collections.emptyIterator(); });
    fns.put("get-absent", (k, r, s) -> { s.get(); return Collections.emptyIterator(); });
    fns.put("update-null", (k, r, s) -> { s.update(null); return Collections.emptyIterator(); });
    fns.put("user-exception", (k, r, s) -> { throw new IllegalStateException("boom " + k); });
    fns.put("timestamp-below-watermark", (k, r, s) -> { if (s.getCurrentWatermarkMs() > 0) s.setTimeoutTimestamp(s.getCurrentWatermarkMs() - 1); return Collections.emptyIterator(); });
    fns.put("duration-zero", (k, r, s) -> { s.setTimeoutDuration(0); return Collections.emptyIterator(); });
    for (Map.Entry<String, FlatMapGroupsWithStateFunction<String, Row, Long, Row>> e : fns.entrySet()) {
      String name = e.getKey();
      MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
      Dataset<Row> in = parse(ms);
      boolean event = name.contains("event") || name.contains("below");
      boolean proc = name.contains("proc") || name.contains("zero");
      Dataset<Row> src = event ? in.withWatermark("ts", "1 second") : in;
      Dataset<Row> q = src.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING())
          .flatMapGroupsWithState(e.getValue(), OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT),
              event ? GroupStateTimeout.EventTimeTimeout() : proc ? GroupStateTimeout.ProcessingTimeTimeout() : GroupStateTimeout.NoTimeout());
      WClock clock = new WClock();
      org.apache.spark.sql.streaming.StreamingQuery s = start(name, q, OutputMode.Update(), new MemorySink(), clock);
      try {
        waitFor(s, clock, 1000);
        ms.addData(scala.jdk.javaapi.CollectionConverters.asScala(List.of("a|5000|x")));
        clock.advance(1000);
        waitFor(s, clock, 2000);
        ms.addData(scala.jdk.javaapi.CollectionConverters.asScala(List.of("a|9000|x")));
        clock.advance(1000);
        waitFor(s, clock, 3000);
        System.out.println("ERROR " + name + ": NO ERROR");
        s.stop();
      } catch (IllegalStateException stopped) {
        Throwable t = s.exception().get();
        Throwable c = t.getCause();
        while (c != null && c.getCause() != null && !(c.getClass().getName().contains("FlatMapGroupsWithStateUserFunc")) && !(c instanceof UnsupportedOperationException) && !(c instanceof IllegalArgumentException) && !(c instanceof NoSuchElementException)) c = c.getCause();
        System.out.println("ERROR " + name + ": " + (c == null ? t : c.getClass().getName() + ": " + c.getMessage().replace('\n', ' '))
            + (c != null && c.getCause() != null ? " | CAUSE " + c.getCause().getClass().getName() + ": " + c.getCause().getMessage() : ""));
      }
    }
  }
}
