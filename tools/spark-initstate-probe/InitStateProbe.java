import java.util.*;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.*;
import org.apache.spark.sql.*;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import org.apache.spark.sql.execution.streaming.sources.MemorySink;
import org.apache.spark.sql.streaming.*;
import org.apache.spark.sql.types.*;
import org.apache.spark.util.ManualClock;
import scala.Option;
import static org.apache.spark.sql.functions.*;

/**
 * Initial state of transformWithState and [flat]MapGroupsWithState on Spark 4.0.1, on a manual clock.
 * Prints, per step, the rows emitted, the progress and the processor calls in the order each partition made them
 * (local mode: the tasks run in this JVM, so a static log sees them).
 */
public class InitStateProbe {
  static class WClock extends ManualClock {
    volatile long waitingAt = -1;
    @Override public long waitTillTime(long t) { waitingAt = t; return super.waitTillTime(t); }
  }
  static SparkSession spark;
  static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());
  static final StructType OUT = new StructType().add("key", "string").add("what", "string").add("total", "long")
      .add("ms", "long");
  static final StructType INIT = new StructType().add("key", "string").add("n", "long");

  public static void main(String[] a) throws Exception {
    spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2").config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.streaming.stateStore.providerClass",
            "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    String only = a.length > 0 ? a[0] : "";
    for (String c : List.of("tws", "fmgws", "map", "refusals")) {
      if (only.isEmpty() || only.equals(c)) {
        try { run(c); } catch (Throwable e) { System.out.println("CASE " + c + " FAILED " + e); e.printStackTrace(System.out); }
      }
    }
    spark.stop();
  }

  static void log(String s) { LOG.add("p" + TaskContext.getPartitionId() + " " + s); }

  /** Sum of n per key; handleInitialState adds the row's n; key "t" registers a processing-time timer at now + 5 s. */
  public static final class Summer extends StatefulProcessorWithInitialState<String, Row, Row, Row> {
    private transient ValueState<Long> total;
    @Override public void init(OutputMode outputMode, TimeMode timeMode) {
      total = getHandle().getValueState("total", Encoders.LONG(), TTLConfig.NONE());
    }
    private long get() { return total.exists() ? total.get() : 0L; }
    @Override public void handleInitialState(String key, Row init, TimerValues tv) {
      long n = init.getLong(1);
      log("initial " + key + " n=" + n + " before=" + get() + " procMs=" + tv.getCurrentProcessingTimeInMs()
          + " wmMs=" + tv.getCurrentWatermarkInMs() + " batch=" + getHandle().getQueryInfo().getBatchId());
      total.update(get() + n);
      if (key.equals("t")) getHandle().registerTimer(tv.getCurrentProcessingTimeInMs() + 5000);
    }
    @Override public scala.collection.Iterator<Row> handleInputRows(String key, scala.collection.Iterator<Row> rows, TimerValues tv) {
      long n = 0;
      while (rows.hasNext()) { rows.next(); n++; }
      log("input " + key + " rows=" + n + " before=" + get());
      total.update(get() + n);
      return it(RowFactory.create(key, "input", get(), tv.getCurrentProcessingTimeInMs()));
    }
    @Override public scala.collection.Iterator<Row> handleExpiredTimer(String key, TimerValues tv, ExpiredTimerInfo info) {
      log("timer " + key + " expiry=" + info.getExpiryTimeInMs() + " procMs=" + tv.getCurrentProcessingTimeInMs());
      return it(RowFactory.create(key, "timer", get(), info.getExpiryTimeInMs()));
    }
  }

  static scala.collection.Iterator<Row> it(Row r) {
    return scala.jdk.javaapi.CollectionConverters.asScala(List.of(r).iterator());
  }

  /** flatMapGroupsWithState, update, no timeout: running count; one row per call (count, rows this call, existed before). */
  static final FlatMapGroupsWithStateFunction<String, Row, Long, Row> COUNT = (key, rows, state) -> {
    boolean existed = state.exists();
    long before = existed ? state.get() : 0;
    long n = 0;
    while (rows.hasNext()) { rows.next(); n++; }
    log("call " + key + " rows=" + n + " exists=" + existed + " state=" + before + " timedOut=" + state.hasTimedOut());
    state.update(before + n);
    return List.of(RowFactory.create(key, "rows=" + n + " existed=" + existed, before + n, state.getCurrentProcessingTimeMs())).iterator();
  };
  static final MapGroupsWithStateFunction<String, Row, Long, Row> MCOUNT = (key, rows, state) -> {
    boolean existed = state.exists();
    long before = existed ? state.get() : 0;
    long n = 0;
    while (rows.hasNext()) { rows.next(); n++; }
    log("call " + key + " rows=" + n + " exists=" + existed + " state=" + before);
    state.update(before + n);
    return RowFactory.create(key, "rows=" + n + " existed=" + existed, before + n, state.getCurrentProcessingTimeMs());
  };

  static Dataset<Row> parse(MemoryStream<String> ms) {
    return ms.toDF().select(split(col("value"), "\\|").getItem(0).as("key"), split(col("value"), "\\|").getItem(1).as("v"));
  }

  static KeyValueGroupedDataset<String, Row> initRows(Object[]... rows) {
    List<Row> l = new ArrayList<>();
    for (Object[] r : rows) l.add(RowFactory.create(r));
    return spark.createDataFrame(l, INIT).groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
  }

  static KeyValueGroupedDataset<String, Long> initLongs(Object[]... rows) {
    return initRows(rows).mapValues((MapFunction<Row, Long>) r -> r.getLong(1), Encoders.LONG());
  }

  static void run(String c) throws Exception {
    System.out.println("=== CASE " + c);
    if (c.equals("refusals")) { refusals(); return; }
    MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    current = ms;
    KeyValueGroupedDataset<String, Row> g = parse(ms).groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
    String cp = java.nio.file.Files.createTempDirectory("init-" + c).toString();
    Dataset<Row> q;
    switch (c) {
      case "tws":
        // a: initial rows 1 and 2, and input; i: initial only; t: initial only, registers a timer; b: input only
        q = g.transformWithState(new Summer(), TimeMode.ProcessingTime(), OutputMode.Update(),
            initRows(new Object[] {"a", 1L}, new Object[] {"i", 10L}, new Object[] {"a", 2L}, new Object[] {"t", 100L},
                new Object[] {"z", 1000L}, new Object[] {"c", 7L}),
            Encoders.row(OUT), Encoders.row(INIT));
        break;
      case "fmgws":
        q = g.flatMapGroupsWithState(COUNT, OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout(),
            initLongs(new Object[] {"a", 5L}, new Object[] {"i", 7L}, new Object[] {"z", 9L}));
        break;
      case "map":
        q = g.mapGroupsWithState(MCOUNT, Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout(),
            initLongs(new Object[] {"a", 5L}, new Object[] {"i", 7L}));
        break;
      default: throw new IllegalArgumentException(c);
    }
    WClock clock = new WClock();
    MemorySink sink = new MemorySink();
    StreamingQuery s = start(c, cp, q, sink, clock);
    Steps st = new Steps(s, sink, clock);
    waitFor(s, clock, 1000);
    st.step(new String[] {"a|x", "b|x", "a|x"}, 1000);
    st.step(new String[] {"i|x"}, 1000);
    if (c.equals("tws")) {
      st.step(null, 1000);
      st.step(null, 3000); // t = 6000: the timer registered in batch 0 at 1000 + 5000
      st.step(null, 1000);
    }
    s.stop();
    System.out.println("RESTART same checkpoint");
    WClock clock2 = new WClock();
    clock2.advance(clock.getTimeMillis());
    MemorySink sink2 = new MemorySink();
    StreamingQuery s2 = start(c, cp, q, sink2, clock2);
    Steps st2 = new Steps(s2, sink2, clock2);
    waitFor(s2, clock2, clock.getTimeMillis() + 1000);
    st2.step(new String[] {"a|x", "z|x"}, 1000);
    s2.stop();
  }

  static final class Steps {
    final StreamingQuery s; final MemorySink sink; final WClock clock; int seen; long lastBatch = -1;
    Steps(StreamingQuery s, MemorySink sink, WClock clock) { this.s = s; this.sink = sink; this.clock = clock; }
    void step(String[] data, long advance) throws Exception {
      if (data != null) addData(s, data);
      clock.advance(advance);
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
            + " updated=" + o.numRowsUpdated() + " custom=" + new TreeMap<>(o.customMetrics()).keySet().stream()
                .filter(k -> !k.startsWith("rocksdb")).map(k -> k + ":" + (k.endsWith("Ms") ? "t" : o.customMetrics().get(k))).toList();
      }
      System.out.println("STEP t=" + t + " data=" + (data == null ? "-" : Arrays.toString(data)) + " | " + prog + " | rows=" + fresh);
      List<String> calls;
      synchronized (LOG) { calls = new ArrayList<>(LOG); LOG.clear(); }
      calls.sort(Comparator.comparing(x -> x.substring(0, 2))); // stable: each partition's calls in their order
      for (String x : calls) System.out.println("  CALL " + x);
    }
  }

  static MemoryStream<String> current;
  static void addData(StreamingQuery s, String[] data) {
    current.addData(scala.jdk.javaapi.CollectionConverters.asScala(Arrays.asList(data)));
  }

  static StreamingQuery start(String name, String cp, Dataset<Row> q, MemorySink sink, WClock clock) throws Exception {
    org.apache.spark.sql.classic.StreamingQueryManager m = (org.apache.spark.sql.classic.StreamingQueryManager) spark.streams();
    return m.startQuery(Option.apply(name + System.nanoTime()), Option.apply(cp), (org.apache.spark.sql.classic.Dataset<?>) q,
        scala.collection.immutable.Map$.MODULE$.empty(), sink, OutputMode.Update(), false, true, Trigger.ProcessingTime(1000), clock,
        Option.empty(), Option.empty());
  }

  static void waitFor(StreamingQuery s, WClock clock, long target) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (clock.waitingAt < target) {
      if (!s.isActive()) {
        String m = String.valueOf(s.exception());
        System.out.println("QUERY STOPPED: " + m.lines().findFirst().orElse(m)); // its first line (no stack, no plan)
        throw new IllegalStateException("stopped");
      }
      if (System.currentTimeMillis() > deadline) throw new IllegalStateException("timeout waiting at " + target + " waiting=" + clock.waitingAt);
      Thread.sleep(20);
    }
    Thread.sleep(50);
  }

  static void refusals() throws Exception {
    MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    KeyValueGroupedDataset<String, Row> g = parse(ms).groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
    MemoryStream<String> ms2 = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    KeyValueGroupedDataset<String, Long> streamingInit = parse(ms2).groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING())
        .mapValues((MapFunction<Row, Long>) r -> 1L, Encoders.LONG());
    KeyValueGroupedDataset<String, Row> streamingInitRows = parse(ms2).select(col("key"), lit(1L).as("n"))
        .groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING());
    tryStart("fmgws-streaming-initial", () -> g.flatMapGroupsWithState(COUNT, OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT),
        GroupStateTimeout.NoTimeout(), streamingInit));
    tryStart("tws-streaming-initial", () -> g.transformWithState(new Summer(), TimeMode.ProcessingTime(), OutputMode.Update(),
        streamingInitRows, Encoders.row(OUT), Encoders.row(INIT)));
    // duplicate key in the initial state of flatMapGroupsWithState: fails when batch 0 runs
    MemoryStream<String> ms3 = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    current = ms3;
    Dataset<Row> q = parse(ms3).groupByKey((MapFunction<Row, String>) r -> r.getString(0), Encoders.STRING())
        .flatMapGroupsWithState(COUNT, OutputMode.Update(), Encoders.LONG(), Encoders.row(OUT), GroupStateTimeout.NoTimeout(),
            initLongs(new Object[] {"d", 1L}, new Object[] {"d", 2L}));
    WClock clock = new WClock();
    StreamingQuery s = start("dup", java.nio.file.Files.createTempDirectory("init-dup").toString(), q, new MemorySink(), clock);
    try {
      waitFor(s, clock, 1000);
      addData(s, new String[] {"a|x"});
      clock.advance(1000);
      waitFor(s, clock, 2000);
      System.out.println("ERROR fmgws-duplicate-initial-key: NO ERROR");
      s.stop();
    } catch (IllegalStateException stopped) {
      Throwable t = s.exception().get();
      Throwable x = t;
      while (x.getCause() != null && !(x instanceof IllegalArgumentException)) x = x.getCause();
      System.out.println("ERROR fmgws-duplicate-initial-key: " + x.getClass().getName() + ": " + x.getMessage().replace('\n', ' '));
    }
    LOG.clear();
  }

  interface QuerySupplier { Dataset<Row> get(); }
  static void tryStart(String name, QuerySupplier qs) {
    try {
      StreamingQuery s = start(name, java.nio.file.Files.createTempDirectory("init-r").toString(), qs.get(), new MemorySink(), new WClock());
      System.out.println("REFUSAL " + name + ": STARTED");
      s.stop();
    } catch (Throwable e) {
      String m = String.valueOf(e.getMessage()).replace('\n', ' ');
      int plan = m.indexOf("; ~"); // the plan that follows
      System.out.println("REFUSAL " + name + ": " + e.getClass().getName() + ": " + (plan > 0 ? m.substring(0, plan) : m));
    }
  }
}
