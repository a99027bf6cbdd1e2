package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
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
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TTL of transformWithState's state variables on the manual clock, across a restart, on both
 * stores: a write expires 10 s after its batch's processing time (per list element and map entry),
 * an expired value is hidden before it is removed, and the removal at the end of the batch reads
 * only the due entries of the TTL index.
 */
class TransformWithStateTtlTest {
  private static final Schema INPUT = Schema.parse("k STRING, v INT");
  private static final Schema OUTPUT = Schema.parse("k STRING, n LONG");
  private static final TTLConfig TEN_SECONDS = TTLConfig.of(Duration.ofSeconds(10));

  /** Emits what it sees of its key's state (last value, list size, map size), then writes each row's v to all three. */
  static final class Remember extends StatefulProcessor<Row, Row, Row> {
    private ValueState<Long> last;
    private ListState<Long> events;
    private MapState<Long, Long> byV;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      last = getHandle().getValueState("last", StateCodecs.value(Long.class), TEN_SECONDS);
      events = getHandle().getListState("events", StateCodecs.value(Long.class), TEN_SECONDS);
      byV = getHandle().getMapState("byV", StateCodecs.value(Long.class), StateCodecs.value(Long.class), TEN_SECONDS);
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      String k = key.getString(0);
      List<Row> out = new ArrayList<>();
      out.add(Row.of(k, last.exists() ? last.get() : -1L));
      out.add(Row.of(k + "#list", count(events.get())));
      out.add(Row.of(k + "#map", count(byV.keys())));
      while (rows.hasNext()) {
        long v = rows.next().getInt(1);
        last.update(v);
        events.appendValue(v);
        byV.updateValue(v, v);
      }
      return out.iterator();
    }

    private static long count(Iterator<?> it) {
      long n = 0;
      for (; it.hasNext(); it.next()) {
        n++;
      }
      return n;
    }
  }

  private static Predicate<StreamingQuery> metrics(Map<String, Long> expected) {
    return q -> {
      StateOperatorProgress p = q.lastProgress().stateOperators().get(0);
      return expected.entrySet().stream().allMatch(e -> e.getValue().equals(p.customMetrics().get(e.getKey())));
    };
  }

  private static Row in(String k, int v) {
    return Row.of(k, v);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void valuesExpireTenSecondsAfterTheirWriteHiddenFirstThenRemovedReadingOnlyDueIndexEntries(String store) {
    ManualClock clock = new ManualClock(0);
    try (MillraceSession s = MillraceSession.builder().clock(clock).config("millrace.state.provider", store).build();
        MemoryStream m = MemoryStream.create(INPUT)) {
      Dataset q = m.toDataset(s).groupByKey("k").transformWithState(Remember::new, TimeMode.PROCESSING_TIME,
          OutputMode.UPDATE, OUTPUT);
      StreamTest.testStream(q, OutputMode.UPDATE).run(
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a", 1)),
          advanceManualClock(1000), // batch at 1 s: a's writes expire at 11 s
          checkNewAnswer(Row.of("a", -1L), Row.of("a#list", 0L), Row.of("a#map", 0L)),
          assertOnQuery(metrics(Map.of("numValueStateWithTTLVars", 1L, "numListStateWithTTLVars", 1L,
              "numMapStateWithTTLVars", 1L, "numValuesRemovedDueToTTLExpiry", 0L)), "three TTL variables"),
          addData(m, in("a", 2)),
          advanceManualClock(1000), // 2 s: the value rewritten (now 12 s), a second element and entry at 12 s
          checkNewAnswer(Row.of("a", 1L), Row.of("a#list", 1L), Row.of("a#map", 1L)),
          stopStream(),
          startStream(Trigger.processingTime("1 second"), clock),
          addData(m, in("a", 3)),
          advanceManualClock(9000),
          // 11 s: the first element and entry are expired, hidden from the handler, then removed after it;
          // the index is read for the 3 entries due at 11 s (one of them the value's, rewritten since), none of
          // the 6 later ones.
          checkNewAnswer(Row.of("a", 2L), Row.of("a#list", 1L), Row.of("a#map", 1L)),
          assertOnQuery(metrics(Map.of("numValuesRemovedDueToTTLExpiry", 2L, "numTtlIndexEntriesRead", 3L,
              "numRowsTotal.events", 3L, "numRowsTotal.byV", 2L)), "two removed, three index entries read"),
          assertOnQuery(query -> query.lastProgress().stateOperators().get(0).numRowsRemoved() == 2,
              "TTL removals count as rows removed"),
          addData(m, in("a", 4), in("b", 9)),
          advanceManualClock(14_000), // 25 s: all of a's earlier writes are expired
          checkNewAnswer(Row.of("a", -1L), Row.of("a#list", 0L), Row.of("a#map", 0L), Row.of("b", -1L),
              Row.of("b#list", 0L), Row.of("b#map", 0L)),
          assertOnQuery(metrics(Map.of("numValuesRemovedDueToTTLExpiry", 4L, "numRowsTotal.last", 2L,
              "numRowsTotal.events", 4L, "numRowsTotal.byV", 2L)), "a's two elements and two entries removed"));
    }
  }

  private static final class TtlUnder extends StatefulProcessor<Row, Row, Row> {
    private final TTLConfig ttl;

    TtlUnder(TTLConfig ttl) {
      this.ttl = ttl;
    }

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      getHandle().getValueState("last", StateCodecs.value(Long.class), ttl);
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues times) {
      return java.util.Collections.emptyIterator();
    }
  }

  @TempDir Path dir;

  private StreamingQuery start(MillraceSession s, TTLConfig ttl, TimeMode mode) {
    return s.readStream().format("memory").option("name", "ttl-in").load().groupByKey("k")
        .transformWithState(() -> new TtlUnder(ttl), mode, OutputMode.UPDATE, OUTPUT).writeStream().format("memory")
        .option("name", "ttl-out").outputMode("update").option("checkpointLocation", dir.resolve("c").toString())
        .start();
  }

  @Test
  void ttlIsRefusedOutsideProcessingTimeAndWhenNegative() {
    try (MillraceSession s = MillraceSession.builder().build(); MemoryStream m = MemoryStream.create("ttl-in", INPUT)) {
      assertThatThrownBy(() -> start(s, TEN_SECONDS, TimeMode.NONE)).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("Cannot use TTL for state=last in timeMode=NONE, use TimeMode.ProcessingTime() instead");
      assertThatThrownBy(() -> start(s, TEN_SECONDS, TimeMode.EVENT_TIME)).isInstanceOf(AnalysisException.class)
          .hasMessageContaining("Cannot use TTL for state=last in timeMode=EVENT_TIME");
      assertThatThrownBy(() -> start(s, TTLConfig.of(Duration.ofSeconds(-1)), TimeMode.PROCESSING_TIME))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("TTL duration must be greater than zero for State store operation=getValueState on"
              + " state=last");
    }
  }
}
