package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.KeyValueGroupedDataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.api.state.MapGroupsWithStateFunction;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessorWithInitialState;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The initial state of transformWithState and [flat]MapGroupsWithState against Spark 4.0.1. Every
 * expected row, count, call and message was printed by the same scenario on Spark 4.0.1 by
 * {@code tools/spark-initstate-probe/InitStateProbe.java} (output in {@code InitStateProbe.out}
 * next to it): a stream of keys, an initial state of {@code (key, n)} rows, a manual clock
 * advanced by each step, a restart on the same checkpoint. The processors are the probe's.
 * Where Spark ran a batch that emitted nothing and Millrace runs none, the test says so.
 */
class InitialStateTest {
  private static final Schema INPUT = Schema.parse("key STRING, v STRING");
  private static final Schema INIT = Schema.parse("key STRING, n LONG");
  private static final Schema OUT = Schema.parse("key STRING, what STRING, total LONG, ms LONG");
  /** What each processor instance (one per partition and batch) was called with, in its order. */
  static final Map<Integer, List<String>> CALLS = Collections.synchronizedMap(new TreeMap<>());

  @TempDir
  Path dir;

  String provider() {
    return "hdfs";
  }

  private MillraceSession session(ManualClock clock) {
    return MillraceSession.builder().clock(clock).config("millrace.state.provider", provider()).build();
  }

  private static Row in(String key) {
    return Row.of(key, "x");
  }

  private static Row out(String key, String what, long total, long ms) {
    return Row.of(key, what, total, ms);
  }

  /** The probe's Summer: a sum per key; each initial row adds its n; key t registers a timer at now + 5 s. */
  static final class Summer extends StatefulProcessorWithInitialState<Row, Row, Row, Row> {
    private final List<String> calls = new ArrayList<>();
    private ValueState<Long> total;

    Summer() {
      CALLS.put(System.identityHashCode(this), calls);
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      total = getHandle().getValueState("total", StateCodecs.value(Long.class));
    }

    private long get() {
      return total.exists() ? total.get() : 0L;
    }

    @Override
    public void handleInitialState(Row key, Row init, TimerValues tv) {
      long n = init.getLong(1);
      calls.add("initial " + key.getString(0) + " n=" + n + " before=" + get() + " procMs="
          + tv.getCurrentProcessingTimeInMs() + " wmMs=" + tv.getCurrentWatermarkInMs());
      total.update(get() + n);
      if (key.getString(0).equals("t")) {
        getHandle().registerTimer(tv.getCurrentProcessingTimeInMs() + 5000);
      }
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues tv) {
      long n = 0;
      while (rows.hasNext()) {
        rows.next();
        n++;
      }
      calls.add("input " + key.getString(0) + " rows=" + n + " before=" + get());
      total.update(get() + n);
      return List.of(out(key.getString(0), "input", get(), tv.getCurrentProcessingTimeInMs())).iterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues tv, ExpiredTimerInfo info) {
      calls.add("timer " + key.getString(0) + " expiry=" + info.getExpiryTimeInMs());
      return List.of(out(key.getString(0), "timer", get(), info.getExpiryTimeInMs())).iterator();
    }
  }

  /** Every call made since the last look, each instance's in its order; instances sorted by their first call. */
  private static List<List<String>> calls() {
    List<List<String>> all = new ArrayList<>();
    synchronized (CALLS) {
      CALLS.values().stream().filter(l -> !l.isEmpty()).forEach(l -> all.add(List.copyOf(l)));
      CALLS.clear();
    }
    all.sort((a, b) -> a.get(0).compareTo(b.get(0)));
    return all;
  }

  private static List<String> flat(List<List<String>> calls) {
    return calls.stream().flatMap(List::stream).sorted().toList();
  }

  private static Predicate<StreamingQuery> progress(String operator, long updated, Map<String, Long> custom) {
    return q -> {
      StateOperatorProgress op = q.lastProgress().stateOperators().get(0);
      return op.operatorName().equals(operator) && op.numRowsUpdated() == updated
          && custom.entrySet().stream().allMatch(e -> e.getValue().equals(op.customMetrics().get(e.getKey())));
    };
  }

  /** The initial state as a static dataset: a memory table read with read(), grouped by key. */
  private static KeyValueGroupedDataset initial(MillraceSession s, String name, Schema schema, Row... rows) {
    return initial(s, name, schema, "key", rows);
  }

  private static KeyValueGroupedDataset initial(MillraceSession s, String name, Schema schema, String key,
      Row... rows) {
    MemoryStream table = MemoryStream.create(name, schema);
    table.addData(rows);
    return s.read().format("memory").option("name", name).load().groupByKey(key);
  }

  @Test
  void transformWithStateAppliesTheInitialStateInBatchZeroOnly() {
    CALLS.clear();
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(clock); MemoryStream m = MemoryStream.create(INPUT)) {
      // a: initial rows 1 and 2, and input; i, c, z: initial only; t: initial only, registers a timer; b: input only
      KeyValueGroupedDataset init = initial(s, "tws-init-" + System.nanoTime(), INIT, Row.of("a", 1L), Row.of("i", 10L),
          Row.of("a", 2L), Row.of("t", 100L), Row.of("z", 1000L), Row.of("c", 7L));
      Dataset q = m.toDataset(s).groupByKey("key").transformWithState(Summer::new, TimeMode.PROCESSING_TIME,
          OutputMode.UPDATE, OUT, init);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("b"), in("a")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "input", 5, 1000), out("b", "input", 1, 1000)),
          // Spark: 6 initial updates and 2 input ones; one timer registered from handleInitialState
          assertOnQuery(progress("transformWithStateExec", 8, Map.of("numRegisteredTimers", 1L)), "Spark's batch 0"),
          assertOnQuery(q2 -> q2.lastProgress().stateOperators().get(0).customMetrics()
              .containsKey("initialStateProcessingTimeMs"), "initialStateProcessingTimeMs reported, as Spark"),
          execute(q2 -> {
            List<List<String>> calls = calls();
            // Spark's calls, partition by partition: initial rows first (each key's in the table's order), then input
            assertThat(flat(calls)).containsExactly(
                "initial a n=1 before=0 procMs=1000 wmMs=0", "initial a n=2 before=1 procMs=1000 wmMs=0",
                "initial c n=7 before=0 procMs=1000 wmMs=0", "initial i n=10 before=0 procMs=1000 wmMs=0",
                "initial t n=100 before=0 procMs=1000 wmMs=0", "initial z n=1000 before=0 procMs=1000 wmMs=0",
                "input a rows=2 before=3", "input b rows=1 before=0");
            for (List<String> one : calls) {
              List<String> initials = one.stream().filter(c -> c.startsWith("initial")).toList();
              assertThat(initials).as("keys in encoded order, before the input").isSorted();
              assertThat(one.subList(0, initials.size())).isEqualTo(initials);
            }
          }),
          addData(m, in("i")),
          advanceManualClock(1000),
          checkNewAnswer(out("i", "input", 11, 2000)),
          assertOnQuery(progress("transformWithStateExec", 1, Map.of()), "Spark's batch 1"),
          execute(q2 -> assertThat(flat(calls())).containsExactly("input i rows=1 before=10")),
          advanceManualClock(1000), // Spark runs a no-data batch (processing time) that emits nothing; Millrace none
          checkNewAnswer(),
          advanceManualClock(3000), // 6 s: the timer registered in batch 0 at 1 s + 5 s
          checkNewAnswer(out("t", "timer", 100, 6000)),
          assertOnQuery(progress("transformWithStateExec", 0, Map.of("numExpiredTimers", 1L)), "Spark's batch 3"),
          execute(q2 -> assertThat(flat(calls())).containsExactly("timer t expiry=6000")),
          advanceManualClock(1000),
          checkNewAnswer(),
          stopStream(),
          // restarted on its checkpoint: the initial state is not applied again
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("z")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "input", 6, 8000), out("z", "input", 1001, 8000)),
          assertOnQuery(progress("transformWithStateExec", 2, Map.of()), "Spark's batch 5"),
          execute(q2 -> assertThat(flat(calls())).containsExactly("input a rows=1 before=5",
              "input z rows=1 before=1000")));
    }
  }

  /** The probe's COUNT: a running count, one row per call: (key, rows of the call and whether state existed, count, ms). */
  static final class Count implements FlatMapGroupsWithStateFunction<Long> {
    @Override
    public Iterator<Row> call(Row key, Iterator<Row> rows, io.millrace.api.state.GroupState<Long> state) {
      boolean existed = state.exists();
      long before = existed ? state.get() : 0;
      long n = 0;
      while (rows.hasNext()) {
        rows.next();
        n++;
      }
      state.update(before + n);
      return List.of(out(key.getString(0), "rows=" + n + " existed=" + existed, before + n,
          state.getCurrentProcessingTimeMs())).iterator();
    }
  }

  /** The probe's MCOUNT: Count as a mapGroupsWithState. */
  static final class MapCount implements MapGroupsWithStateFunction<Long> {
    @Override
    public Row call(Row key, Iterator<Row> rows, io.millrace.api.state.GroupState<Long> state) {
      return new Count().call(key, rows, state).next();
    }
  }

  private static Predicate<StreamingQuery> groups(long total, long updated) {
    return q -> {
      StateOperatorProgress op = q.lastProgress().stateOperators().get(0);
      return op.operatorName().equals("flatMapGroupsWithState") && op.numRowsTotal() == total
          && op.numRowsUpdated() == updated;
    };
  }

  @Test
  void flatMapGroupsWithStateCallsInitialOnlyKeysWithNoRowsInBatchZeroOnly() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(clock); MemoryStream m = MemoryStream.create(INPUT)) {
      KeyValueGroupedDataset init = initial(s, "fm-init-" + System.nanoTime(), INIT, Row.of("a", 5L), Row.of("i", 7L),
          Row.of("z", 9L));
      Dataset q = m.toDataset(s).groupByKey("key").flatMapGroupsWithState(new Count(), OutputMode.UPDATE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT, init);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("b"), in("a")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "rows=2 existed=true", 7, 1000), out("b", "rows=1 existed=false", 1, 1000),
              out("i", "rows=0 existed=true", 7, 1000), out("z", "rows=0 existed=true", 9, 1000)),
          assertOnQuery(groups(4, 4), "Spark's batch 0: the initial puts are not counted as updates"),
          addData(m, in("i")),
          advanceManualClock(1000),
          checkNewAnswer(out("i", "rows=1 existed=true", 8, 2000)),
          assertOnQuery(groups(4, 1), "Spark's batch 1"),
          stopStream(),
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("z")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "rows=1 existed=true", 8, 3000), out("z", "rows=1 existed=true", 10, 3000)),
          assertOnQuery(groups(4, 2), "Spark's batch 2, after the restart: no initial state again"));
    }
  }

  @Test
  void mapGroupsWithStateTakesAnInitialStateToo() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(clock); MemoryStream m = MemoryStream.create(INPUT)) {
      KeyValueGroupedDataset init = initial(s, "map-init-" + System.nanoTime(), INIT, Row.of("a", 5L), Row.of("i", 7L));
      Dataset q = m.toDataset(s).groupByKey("key").mapGroupsWithState(new MapCount(), StateCodecs.value(Long.class), OUT,
          GroupStateTimeout.NO_TIMEOUT, init);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("b"), in("a")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "rows=2 existed=true", 7, 1000), out("b", "rows=1 existed=false", 1, 1000),
              out("i", "rows=0 existed=true", 7, 1000)),
          assertOnQuery(groups(3, 3), "Spark's batch 0"),
          addData(m, in("i")),
          advanceManualClock(1000),
          checkNewAnswer(out("i", "rows=1 existed=true", 8, 2000)),
          assertOnQuery(groups(3, 1), "Spark's batch 1"),
          stopStream(),
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a"), in("z")),
          advanceManualClock(1000),
          checkNewAnswer(out("a", "rows=1 existed=true", 8, 3000), out("z", "rows=1 existed=false", 1, 3000)),
          assertOnQuery(groups(4, 2), "Spark's batch 2"));
    }
  }

  @Test
  void aKeyTwiceInTheInitialStateOfFlatMapGroupsWithStateFailsBatchZeroWithSparksError() {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = session(clock); MemoryStream m = MemoryStream.create(INPUT)) {
      KeyValueGroupedDataset init = initial(s, "dup-init-" + System.nanoTime(), INIT, Row.of("d", 1L), Row.of("d", 2L));
      Dataset q = m.toDataset(s).groupByKey("key").flatMapGroupsWithState(new Count(), OutputMode.UPDATE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT, init);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a")),
          advanceManualClock(1000),
          expectFailure(IllegalArgumentException.class, "The initial state provided contained multiple rows(state) with"
              + " the same key. Make sure to de-duplicate the initial state before passing it."));
    }
  }

  private StreamingQuery start(Dataset q) {
    return q.writeStream().format("memory").option("name", "out-" + System.nanoTime()).outputMode("update")
        .option("checkpointLocation", dir.resolve("c" + System.nanoTime()).toString()).start();
  }

  @Test
  void aStreamingInitialStateOrOneOfOtherKeyOrStateTypesIsRefusedAtStart() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create(INPUT);
        MemoryStream other = MemoryStream.create(INIT)) {
      KeyValueGroupedDataset g = m.toDataset(s).groupByKey("key");
      KeyValueGroupedDataset streaming = other.toDataset(s).groupByKey("key");
      // Spark's text (its check reads "Non-streaming" where it refuses a streaming one)
      assertThatThrownBy(() -> start(g.flatMapGroupsWithState(new Count(), OutputMode.UPDATE,
          StateCodecs.value(Long.class), OUT, GroupStateTimeout.NO_TIMEOUT, streaming)))
          .isInstanceOf(AnalysisException.class).hasMessageContaining("Non-streaming DataFrame/Dataset is not supported"
              + " as the initial state in [flatMap|map]GroupsWithState operation on a streaming DataFrame/Dataset");
      // Spark 4.0.1 starts this one (it has no such check for transformWithState); refused here alike
      assertThatThrownBy(() -> start(g.transformWithState(Summer::new, TimeMode.PROCESSING_TIME, OutputMode.UPDATE,
          OUT, streaming))).isInstanceOf(AnalysisException.class).hasMessageContaining("Non-streaming"
              + " DataFrame/Dataset is not supported as the initial state in transformWithState operation");
      KeyValueGroupedDataset longKeys = initial(s, "long-keys-" + System.nanoTime(), Schema.parse("k LONG, n LONG"),
          "k", Row.of(1L, 1L));
      assertThatThrownBy(() -> start(g.transformWithState(Summer::new, TimeMode.PROCESSING_TIME, OutputMode.UPDATE,
          OUT, longKeys))).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("transformWithState: the initial state is grouped by")
          .hasMessageContaining("k LONG").hasMessageContaining("key STRING");
      KeyValueGroupedDataset stringState = initial(s, "string-state-" + System.nanoTime(),
          Schema.parse("key STRING, n STRING"), Row.of("a", "1"));
      assertThatThrownBy(() -> start(g.mapGroupsWithState(new MapCount(), StateCodecs.value(Long.class), OUT,
          GroupStateTimeout.NO_TIMEOUT, stringState))).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("mapGroupsWithState: the initial state's columns other than its key [key] are")
          .hasMessageContaining("n STRING");
    }
  }
}
