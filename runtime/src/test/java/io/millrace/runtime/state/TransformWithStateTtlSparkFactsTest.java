package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.startStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.Trigger;
import io.millrace.api.state.ListState;
import io.millrace.api.state.MapState;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TTLConfig;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * transformWithState's TTL replayed against what Spark 4.0.1 did with the same processor, input
 * and batch times ({@code tools/spark-tws-ttl-probe/TwsTtlProbe.out}, on RocksDB, shuffle
 * partitions 2): a ValueState, a ListState and a MapState with a 10 s TTL; for each batch, the
 * rows emitted (what the handler saw, expired values hidden) and {@code numRowsUpdated},
 * {@code numRowsRemoved} and {@code numValuesRemovedDueToTTLExpiry} must equal Spark's.
 *
 * <p>The facts: a write expires at its batch time + 10 s and is expired iff the batch time is
 * {@code >=} that (seen at 10.999 s, gone at 11 s); a rewrite resets it (value, map entry, list
 * put), reads do not; list elements expire one by one; an expired value is hidden in the batch it
 * expires and removed at the end of that batch, keys without input included (key q).
 *
 * <p>Every batch carries data: Spark runs a processing-time batch on every trigger, Millrace only
 * when data or a timer is due, so batches without data would differ in number, not in TTL.
 * {@code numRowsTotal} is not compared: Spark's RocksDB counts a list as one row per key, Millrace
 * every element (see README).
 */
class TransformWithStateTtlSparkFactsTest {
  private static final Schema INPUT = Schema.parse("k STRING, ops STRING");
  private static final Schema OUTPUT = Schema.parse("key STRING, t LONG, value STRING, list STRING, map STRING");

  /**
   * For its key, emits what it sees (value or "-", list elements, sorted map entries), then
   * applies the ops "w:N" value update, "a:N" list append, "p:N,M" list put, "m:K=N" map put, "r" none.
   */
  static final class Probe extends StatefulProcessor<Row, Row, Row> {
    private ValueState<Long> value;
    private ListState<Long> list;
    private MapState<String, Long> map;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      TTLConfig ttl = TTLConfig.of(Duration.ofSeconds(10));
      value = getHandle().getValueState("value", StateCodecs.value(Long.class), ttl);
      list = getHandle().getListState("list", StateCodecs.value(Long.class), ttl);
      map = getHandle().getMapState("map", StateCodecs.value(String.class), StateCodecs.value(Long.class), ttl);
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      String v = value.exists() ? String.valueOf(value.get()) : "-";
      List<String> l = new ArrayList<>();
      list.get().forEachRemaining(e -> l.add(String.valueOf(e)));
      List<String> m = new ArrayList<>();
      map.iterator().forEachRemaining(e -> m.add(e.getKey() + "=" + e.getValue()));
      Collections.sort(m);
      Row out = Row.of(key.getString(0), times.getCurrentProcessingTimeInMs(), v, String.join(",", l),
          String.join(",", m));
      List<String> ops = new ArrayList<>();
      rows.forEachRemaining(r -> ops.addAll(Arrays.asList(r.getString(1).split(";"))));
      for (String op : ops) {
        String arg = op.length() > 2 ? op.substring(2) : "";
        switch (op.charAt(0)) {
          case 'w' -> value.update(Long.parseLong(arg));
          case 'a' -> list.appendValue(Long.parseLong(arg));
          case 'p' -> list.put(Arrays.stream(arg.split(",")).map(Long::valueOf).toList());
          case 'm' -> map.updateValue(arg.split("=")[0], Long.parseLong(arg.split("=")[1]));
          case 'r' -> { }
          default -> throw new IllegalArgumentException(op);
        }
      }
      return List.of(out).iterator();
    }
  }

  /** One batch of the probe: its time, its input ("key|ops"), Spark's rows and progress. */
  private record Batch(long atMs, List<String> input, List<String> rows, long updated, long removed, long ttlRemoved) {
  }

  // From TwsTtlProbe.out, whose rows [key,t,value,list,map] are written here key|value|list|map.
  private static final List<Batch> SPARK = List.of(
      new Batch(1000, List.of("v|w:1", "r|w:7;a:7;m:k=7", "l|a:1", "m|m:x=1;m:y=1", "p|a:1;a:2", "q|w:3;a:3;m:q=3"),
          List.of("l|-||", "m|-||", "p|-||", "q|-||", "r|-||", "v|-||"), 12, 0, 0),
      new Batch(5000, List.of("v|w:2", "r|r", "l|a:5", "m|m:y=5;m:z=5", "p|p:3,4"),
          List.of("l|-|1|", "m|-||x=1,y=1", "p|-|1,2|", "r|7|7|k=7", "v|1||"), 6, 0, 0),
      new Batch(9000, List.of("v|r", "r|r", "l|r", "m|r", "p|r"),
          List.of("l|-|1,5|", "m|-||x=1,y=5,z=5", "p|-|3,4|", "r|7|7|k=7", "v|2||"), 0, 0, 0),
      new Batch(10_999, List.of("r|r", "l|r"), List.of("l|-|1,5|", "r|7|7|k=7"), 0, 0, 0),
      new Batch(11_000, List.of("v|r", "r|r", "l|r", "m|r", "p|r"),
          List.of("l|-|5|", "m|-||y=5,z=5", "p|-|3,4|", "r|-||", "v|2||"), 0, 8, 8),
      new Batch(14_999, List.of("v|r", "l|r"), List.of("l|-|5|", "v|2||"), 0, 0, 0),
      new Batch(15_000, List.of("v|r", "l|r", "m|r", "p|r"), List.of("l|-||", "m|-||", "p|-||", "v|-||"), 0, 6, 6),
      new Batch(25_000, List.of("v|r", "r|r", "l|r;a:9", "m|r", "p|r", "q|r"),
          List.of("l|-||", "m|-||", "p|-||", "q|-||", "r|-||", "v|-||"), 1, 0, 0),
      new Batch(35_000, List.of("l|r"), List.of("l|-||"), 0, 1, 1));

  private static Row expected(String row, Batch b) {
    String[] f = row.split("\\|", -1);
    return Row.of(f[0], b.atMs(), f[1], f[2], f[3]);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void ttlBehavesAsOnSpark(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).config("millrace.state.provider", store)
        .config("millrace.shuffle.partitions", "2").build(); MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("k").transformWithState(Probe::new, TimeMode.PROCESSING_TIME,
          OutputMode.UPDATE, OUTPUT);
      List<StreamAction> actions = new ArrayList<>();
      actions.add(startStream(Trigger.processingTime("1 second"), clock));
      long now = 0;
      for (Batch b : SPARK) {
        actions.add(addData(m, b.input().stream().map(i -> Row.of(i.split("\\|")[0], i.split("\\|")[1])).toList()));
        actions.add(advanceManualClock(b.atMs() - now));
        now = b.atMs();
        actions.add(checkNewAnswer(b.rows().stream().map(r -> expected(r, b)).toArray(Row[]::new)));
        actions.add(assertOnQuery(query -> {
          StateOperatorProgress p = query.lastProgress().stateOperators().get(0);
          return p.numRowsUpdated() == b.updated() && p.numRowsRemoved() == b.removed()
              && Long.valueOf(b.ttlRemoved()).equals(p.customMetrics().get("numValuesRemovedDueToTTLExpiry"));
        }, "at " + b.atMs() + " ms Spark reported updated=" + b.updated() + " removed=" + b.removed()
            + " numValuesRemovedDueToTTLExpiry=" + b.ttlRemoved()));
      }
      StreamTest.testStream(q, OutputMode.UPDATE).run(actions.toArray(StreamAction[]::new));
    }
  }
}
