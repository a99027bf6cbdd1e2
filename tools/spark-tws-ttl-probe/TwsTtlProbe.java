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

/**
 * transformWithState TTL on Spark 4.0.1 (RocksDB, ProcessingTime, manual clock): a ValueState, a
 * ListState and a MapState, each with a 10 s TTL. Input rows are "key|op;op..."; for its key the
 * handler first emits what it sees (value, list elements, map entries; expired ones are hidden),
 * then applies the ops: w:N value update, a:N list append, p:N,M list put, m:K=N map put,
 * r read only. Prints the rows and the state operator's progress of each batch.
 */
public class TwsTtlProbe {
  static class WClock extends ManualClock {
    volatile long waitingAt = -1;
    @Override public long waitTillTime(long t) { waitingAt = t; return super.waitTillTime(t); }
  }

  static final StructType OUT = new StructType().add("key", "string").add("t", "long").add("value", "string")
      .add("list", "string").add("map", "string");

  public static class Probe extends StatefulProcessor<String, String, Row> {
    private transient ValueState<Long> value;
    private transient ListState<Long> list;
    private transient MapState<String, Long> map;

    @Override public void init(OutputMode outputMode, TimeMode timeMode) {
      TTLConfig ttl = new TTLConfig(java.time.Duration.ofSeconds(10));
      value = getHandle().getValueState("value", Encoders.LONG(), ttl);
      list = getHandle().getListState("list", Encoders.LONG(), ttl);
      map = getHandle().getMapState("map", Encoders.STRING(), Encoders.LONG(), ttl);
    }

    @Override public scala.collection.Iterator<Row> handleInputRows(String key, scala.collection.Iterator<String> rows,
        TimerValues times) {
      String v = value.exists() ? String.valueOf(value.get()) : "-";
      List<String> l = new ArrayList<>();
      for (scala.collection.Iterator<Long> it = list.get(); it.hasNext(); ) l.add(String.valueOf(it.next()));
      List<String> m = new ArrayList<>();
      for (scala.collection.Iterator<scala.Tuple2<String, Long>> it = map.iterator(); it.hasNext(); ) {
        scala.Tuple2<String, Long> e = it.next();
        m.add(e._1() + "=" + e._2());
      }
      Collections.sort(m);
      Row out = RowFactory.create(key, times.getCurrentProcessingTimeInMs(), v, String.join(",", l), String.join(",", m));
      List<String> ops = new ArrayList<>();
      while (rows.hasNext()) ops.addAll(Arrays.asList(rows.next().split("\\|")[1].split(";")));
      for (String op : ops) {
        String arg = op.length() > 2 ? op.substring(2) : "";
        switch (op.charAt(0)) {
          case 'w': value.update(Long.parseLong(arg)); break;
          case 'a': list.appendValue(Long.parseLong(arg)); break;
          case 'p': list.put(Arrays.stream(arg.split(",")).map(Long::valueOf).toArray(Long[]::new)); break;
          case 'm': map.updateValue(arg.split("=")[0], Long.parseLong(arg.split("=")[1])); break;
          case 'r': break;
          default: throw new IllegalArgumentException(op);
        }
      }
      return CollectionConverters.asScala(List.of(out).iterator());
    }
  }

  /** {clock time of the batch in ms, input rows}: every batch carries data (Millrace runs a batch only for data or a due timer). */
  static final Object[][] STEPS = {
      {1000L, new String[] {"v|w:1", "r|w:7;a:7;m:k=7", "l|a:1", "m|m:x=1;m:y=1", "p|a:1;a:2", "q|w:3;a:3;m:q=3"}},
      {5000L, new String[] {"v|w:2", "r|r", "l|a:5", "m|m:y=5;m:z=5", "p|p:3,4"}},
      {9000L, new String[] {"v|r", "r|r", "l|r", "m|r", "p|r"}},
      {10999L, new String[] {"r|r", "l|r"}},
      {11000L, new String[] {"v|r", "r|r", "l|r", "m|r", "p|r"}},
      {14999L, new String[] {"v|r", "l|r"}},
      {15000L, new String[] {"v|r", "l|r", "m|r", "p|r"}},
      {25000L, new String[] {"v|r", "r|r", "l|r;a:9", "m|r", "p|r", "q|r"}},
      {35000L, new String[] {"l|r"}},
  };

  public static void main(String[] a) throws Exception {
    SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2").config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.streaming.stateStore.providerClass",
            "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    MemoryStream<String> ms = MemoryStream.apply(Encoders.STRING(), spark.sqlContext());
    Dataset<Row> q = ms.toDS().groupByKey((MapFunction<String, String>) s -> s.split("\\|")[0], Encoders.STRING())
        .transformWithState(new Probe(), TimeMode.ProcessingTime(), OutputMode.Update(), Encoders.row(OUT));
    WClock clock = new WClock();
    MemorySink sink = new MemorySink();
    org.apache.spark.sql.classic.StreamingQueryManager mgr = (org.apache.spark.sql.classic.StreamingQueryManager) spark.streams();
    String cp = java.nio.file.Files.createTempDirectory("tws-ttl").toString();
    StreamingQuery s = mgr.startQuery(Option.apply("ttl" + System.nanoTime()), Option.apply(cp), (org.apache.spark.sql.classic.Dataset<?>) q,
        scala.collection.immutable.Map$.MODULE$.empty(), sink, OutputMode.Update(), false, true, Trigger.ProcessingTime(1000), clock,
        Option.empty(), Option.empty());
    waitFor(s, clock, 1000);
    int seen = 0;
    long lastBatch = -1;
    for (Object[] step : STEPS) {
      String[] data = (String[]) step[1];
      ms.addData(CollectionConverters.asScala(Arrays.asList(data)));
      clock.setTime((Long) step[0]);
      long t = clock.getTimeMillis();
      waitFor(s, clock, t + 1);
      StreamingQueryProgress p = s.lastProgress();
      List<Row> all = CollectionConverters.asJava(sink.allData());
      List<String> fresh = new ArrayList<>();
      for (Row r : all.subList(seen, all.size())) fresh.add(r.toString());
      Collections.sort(fresh);
      seen = all.size();
      String prog = "no batch";
      if (p != null && p.batchId() != lastBatch) {
        lastBatch = p.batchId();
        StateOperatorProgress o = p.stateOperators()[0];
        Map<String, Long> cm = new TreeMap<>();
        for (Map.Entry<String, Long> e : o.customMetrics().entrySet()) {
          if (e.getKey().startsWith("num") && !e.getKey().startsWith("numSnapshot")) cm.put(e.getKey(), e.getValue());
        }
        prog = "batch " + p.batchId() + " in=" + p.numInputRows() + " total=" + o.numRowsTotal()
            + " updated=" + o.numRowsUpdated() + " removed=" + o.numRowsRemoved()
            + " numValuesRemovedDueToTTLExpiry=" + cm.get("numValuesRemovedDueToTTLExpiry") + " custom=" + cm;
      }
      System.out.println("STEP t=" + t + " data=" + Arrays.toString(data) + "\n  | " + prog + "\n  | rows=" + fresh);
    }
    s.stop();
    spark.stop();
  }

  static void waitFor(StreamingQuery s, WClock clock, long target) throws Exception {
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
}
