import java.util.*;
import org.apache.spark.api.java.function.*;
import org.apache.spark.sql.*;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import org.apache.spark.sql.execution.streaming.sources.MemorySink;
import org.apache.spark.sql.streaming.*;
import org.apache.spark.sql.types.*;
import org.apache.spark.util.ManualClock;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;
import static org.apache.spark.sql.functions.*;

/**
 * transformWithState with an eventTimeColumnName on Spark 4.0.1 (RocksDB, 2 shuffle partitions,
 * manual clock), chained into a window aggregation on the column it assigns. Prints, per step,
 * the rows emitted, the watermark and each state operator's progress.
 */
public class TwsEventTimeProbe {
  static class WClock extends ManualClock {
    volatile long waitingAt = -1;
    @Override public long waitTillTime(long t) { waitingAt = t; return super.waitTillTime(t); }
  }
  static SparkSession spark;
  static final StructType OUT = new StructType().add("key", "string").add("outTs", "timestamp").add("n", "long");

  /**
   * Counts each key's rows; per batch emits (key, newest ts of the batch's rows, count so far) and
   * moves the key's event-time timer to that ts + 5 s; the timer emits (key, its time, 0) and
   * clears the key. Key "old" emits its row at ts 1 s, whatever it reads; "wm" at the batch's
   * watermark, "wm1" 1 ms after it; "null" with a null time; "tlate"'s timer emits at 1 s.
   */
  public static final class Counter extends StatefulProcessor<String, Row, Row> {
    private transient ValueState<Long> count;
    private transient ValueState<Long> timer;
    @Override public void init(OutputMode outputMode, TimeMode timeMode) {
      count = getHandle().getValueState("count", Encoders.LONG(), TTLConfig.NONE());
      timer = getHandle().getValueState("timer", Encoders.LONG(), TTLConfig.NONE());
    }
    @Override public scala.collection.Iterator<Row> handleInputRows(String key, scala.collection.Iterator<Row> rows,
        TimerValues tv) {
      long n = count.exists() ? count.get() : 0;
      long max = Long.MIN_VALUE;
      while (rows.hasNext()) { Row r = rows.next(); n++; max = Math.max(max, r.getTimestamp(1).getTime()); }
      count.update(n);
      if (timer.exists()) getHandle().deleteTimer(timer.get());
      timer.update(max + 5000);
      getHandle().registerTimer(max + 5000);
      long out = key.equals("old") ? 1000 : key.equals("wm") ? tv.getCurrentWatermarkInMs()
          : key.equals("wm1") ? tv.getCurrentWatermarkInMs() + 1 : max;
      return CollectionConverters.asScala(List.of(RowFactory.create(key, key.equals("null") ? null
          : new java.sql.Timestamp(out), n)).iterator());
    }
    @Override public scala.collection.Iterator<Row> handleExpiredTimer(String key, TimerValues tv, ExpiredTimerInfo info) {
      count.clear();
      timer.clear();
      long at = key.equals("tlate") ? 1000 : info.getExpiryTimeInMs();
      return CollectionConverters.asScala(List.of(RowFactory.create(key, new java.sql.Timestamp(at), 0L)).iterator());
    }
  }

  public static void main(String[] a) throws Exception {
    spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2").config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.streaming.stateStore.providerClass",
            "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    String only = a.length > 0 ? a[0] : "";
    for (String c : List.of("tws-alone", "chain-append", "chain-update", "chain-complete", "late-output", "at-watermark", "late-timer-output", "null-output", "refusals")) {
      if (only.isEmpty() || only.equals(c)) {
        try { run(c); } catch (Throwable e) { System.out.println("CASE " + c + " FAILED " + e); }
      }
    }
    spark.stop();
  }

  static Dataset<Row> parse(MemoryStream<String> ms) {
    Dataset<Row> d = ms.toDF();
    return d.select(split(col("value"), "\\|").getItem(0).as("key"),
        expr("timestamp_millis(cast(split(value, '\\\\|')[1] as long))").as("ts"));
  }

  static KeyValueGroupedDataset<String, Row> grouped(Dataset<Row> in) {
    return in.groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
  }

  static Dataset<Row> twsOut(Dataset<Row> in) {
    return grouped(in.withWatermark("ts", "10 seconds")).transformWithState(new Counter(), "outTs", OutputMode.Append(),
        Encoders.row(OUT));
  }

  static Dataset<Row> windows(Dataset<Row> tws) {
    return tws.groupBy(window(col("outTs"), "10 seconds")).agg(count("*").as("rows"), sum("n").as("sumN"))
        .select(col("window.start").as("start"), col("window.end").as("end"), col("rows"), col("sumN"));
  }

  static final String[][] STEPS = {
      {"a|10000", "a|12000", "b|11000"}, // wm 12000 - 10000 = 2000 after
      {"b|25000"},                       // wm 15000 after; a's timer 17000, b's 30000
      null,                              // no-data batch at wm 15000
      {"c|40000", "a|1000"},             // a|1000 late (<= 15000); wm 30000 after
      null,                              // wm 30000: a (17000) and b (30000) fire
      {"d|70000", "old|65000"},          // wm 60000 after; old emits ts 1000
      null,
  };

  static void run(String c) throws Exception {
    System.out.println("=== CASE " + c);
    MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    Dataset<Row> in = parse(ms);
    switch (c) {
      case "tws-alone" -> steps(c, twsOut(in), OutputMode.Append(), ms, STEPS);
      case "chain-append" -> steps(c, windows(twsOut(in)), OutputMode.Append(), ms, STEPS);
      case "chain-update" -> steps(c, windows(twsOut(in)), OutputMode.Update(), ms, STEPS);
      case "chain-complete" -> steps(c, windows(twsOut(in)), OutputMode.Complete(), ms, STEPS);
      case "late-output" -> steps(c, twsOut(in), OutputMode.Append(), ms, new String[][] {
          {"a|20000"}, {"old|30000"}, {"old|40000"}, null});
      case "null-output" -> steps(c, windows(twsOut(in)), OutputMode.Append(), ms, new String[][] {
          {"a|20000"}, {"null|30000"}, {"b|40000"}, null});
      case "late-timer-output" -> steps(c, twsOut(in), OutputMode.Append(), ms, new String[][] {
          {"tlate|20000"}, {"b|40000"}, null, null});
      case "at-watermark" -> steps(c, twsOut(in), OutputMode.Append(), ms, new String[][] {
          {"a|20000"}, {"x|15000"}, {"wm1|30000"}, {"y|15000"}, {"wm|30000"}, null});
      case "refusals" -> {
        tryStart("no-watermark", () -> grouped(in).transformWithState(new Counter(), "outTs", OutputMode.Append(),
            Encoders.row(OUT)), OutputMode.Append());
        tryStart("not-a-column", () -> grouped(in.withWatermark("ts", "10 seconds")).transformWithState(new Counter(),
            "nope", OutputMode.Append(), Encoders.row(OUT)), OutputMode.Append());
        tryStart("not-a-timestamp", () -> grouped(in.withWatermark("ts", "10 seconds")).transformWithState(new Counter(),
            "n", OutputMode.Append(), Encoders.row(OUT)), OutputMode.Append());
        tryStart("chain-complete", () -> windows(twsOut(in)), OutputMode.Complete());
        tryStart("tws-update-chain-append", () -> windows(grouped(in.withWatermark("ts", "10 seconds"))
            .transformWithState(new Counter(), "outTs", OutputMode.Update(), Encoders.row(OUT))), OutputMode.Append());
      }
      default -> throw new IllegalArgumentException(c);
    }
  }

  static StreamingQuery start(String name, Dataset<Row> q, OutputMode mode, MemorySink sink, WClock clock) throws Exception {
    org.apache.spark.sql.classic.StreamingQueryManager m = (org.apache.spark.sql.classic.StreamingQueryManager) spark.streams();
    String cp = java.nio.file.Files.createTempDirectory("twset-" + name).toString();
    return m.startQuery(Option.apply(name + System.nanoTime()), Option.apply(cp), (org.apache.spark.sql.classic.Dataset<?>) q,
        scala.collection.immutable.Map$.MODULE$.empty(), sink, mode, false, true, Trigger.ProcessingTime(1000), clock,
        Option.empty(), Option.empty());
  }

  static void steps(String c, Dataset<Row> q, OutputMode mode, MemoryStream<String> ms, String[][] steps) throws Exception {
    WClock clock = new WClock();
    MemorySink sink = new MemorySink();
    StreamingQuery s = start(c, q, mode, sink, clock);
    waitFor(s, clock, 1000);
    int seen = 0;
    long lastBatch = -1;
    try {
      for (String[] data : steps) {
        if (data != null) ms.addData(CollectionConverters.asScala(Arrays.asList(data)));
        clock.advance(1000);
        long t = clock.getTimeMillis();
        waitFor(s, clock, t + 1000);
        StreamingQueryProgress p = s.lastProgress();
        List<Row> all = CollectionConverters.asJava(sink.allData());
        List<String> fresh = new ArrayList<>();
        // complete mode: the sink holds the last batch's whole table, printed whole
        for (Row r : mode == OutputMode.Complete() ? all : all.subList(seen, all.size())) fresh.add(r.toString());
        Collections.sort(fresh);
        seen = all.size();
        String prog = "no batch";
        if (p != null && p.batchId() != lastBatch) {
          lastBatch = p.batchId();
          StringBuilder ops = new StringBuilder();
          for (StateOperatorProgress o : p.stateOperators()) {
            ops.append(" [").append(o.operatorName()).append(" total=").append(o.numRowsTotal()).append(" updated=")
                .append(o.numRowsUpdated()).append(" removed=").append(o.numRowsRemoved()).append(" dropped=")
                .append(o.numRowsDroppedByWatermark()).append("]");
          }
          prog = "batch " + p.batchId() + " in=" + p.numInputRows() + " wm=" + p.eventTime().get("watermark") + ops;
        }
        System.out.println("STEP data=" + (data == null ? "-" : Arrays.toString(data)) + " | " + prog + " | rows=" + fresh);
      }
    } finally {
      s.stop();
    }
  }

  static void waitFor(StreamingQuery s, WClock clock, long target) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (clock.waitingAt < target) {
      if (!s.isActive()) {
        String m = String.valueOf(s.exception());
        System.out.println("QUERY STOPPED: " + m.lines().findFirst().orElse(m));
        throw new IllegalStateException("stopped");
      }
      if (System.currentTimeMillis() > deadline) throw new IllegalStateException("timeout waiting at " + target);
      Thread.sleep(20);
    }
    Thread.sleep(50);
  }

  interface QuerySupplier { Dataset<Row> get() throws Exception; }

  static void tryStart(String name, QuerySupplier q, OutputMode mode) {
    try {
      StreamingQuery s = start(name, q.get(), mode, new MemorySink(), new WClock());
      System.out.println("REFUSAL " + name + ": STARTED");
      s.stop();
    } catch (Throwable e) {
      String m = String.valueOf(e.getMessage());
      System.out.println("REFUSAL " + name + ": " + e.getClass().getSimpleName() + ": " + m.lines().findFirst().orElse(m));
    }
  }
}
