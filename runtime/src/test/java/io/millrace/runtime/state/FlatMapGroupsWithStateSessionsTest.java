package io.millrace.runtime.state;

import static io.millrace.api.functions.expr;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.GroupState;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.runtime.state.TransformWithStateSessionsTest.Session;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sessionization with {@code flatMapGroupsWithState} against Spark 4.0.1, on the small sessions
 * dataset ({@link SessionsTestData}), one file a batch. Spark's facts, from spark-baseline's
 * {@code ./run.sh bench --bench sessions --data <that dataset> --impl fmgws --provider hdfs|rocksdb
 * --shuffle 4 --max-files 1 --gap "1 second" --watermark "6 seconds"} (run ids tws3-fmgws on hdfs
 * and fmgws-rdb on rocksdb, 2026-12-02; both stores gave the same figures): the fingerprint of
 * the transformWithState run (2,254 sessions, 4,773 events, 3,281,753 ms, 242,354,977 cents),
 * 11 batches, and per batch the {@code flatMapGroupsWithState} operator's numRowsTotal,
 * numRowsUpdated, numRowsRemoved and numRowsDroppedByWatermark in {@link #SPARK_PER_BATCH}.
 *
 * <p>The function is the benchmark's {@code FmgwsSessionizer} on Millrace's API: the key's open
 * sessions as its state; a timeout at the smallest open end - 1, as the timeout fires strictly
 * below the watermark; sessions emitted once the watermark reaches their end.
 */
class FlatMapGroupsWithStateSessionsTest {
  private static final long GAP_MS = 1000;
  private static final Schema OUTPUT = Schema.parse("key STRING, sessionStart TIMESTAMP, sessionEnd TIMESTAMP,"
      + " events LONG, total DOUBLE");

  /** Spark's per batch: numRowsTotal, numRowsUpdated, numRowsRemoved, numRowsDroppedByWatermark. */
  private static final List<List<Long>> SPARK_PER_BATCH = List.of(
      List.of(625L, 625L, 0L, 0L), List.of(853L, 613L, 1L, 0L), List.of(946L, 629L, 0L, 0L),
      List.of(984L, 656L, 0L, 3L), List.of(991L, 708L, 2L, 0L), List.of(995L, 717L, 3L, 1L),
      List.of(992L, 734L, 7L, 0L), List.of(995L, 754L, 2L, 2L), List.of(993L, 777L, 5L, 2L),
      List.of(996L, 755L, 2L, 2L), List.of(988L, 381L, 8L, 0L));

  /** The state: a key's open sessions, by start. */
  record OpenSessions(List<Session> sessions) {}

  /** Spark-baseline's FmgwsSessionizer. */
  static final class Sessionizer implements FlatMapGroupsWithStateFunction<OpenSessions> {
    @Override
    public Iterator<Row> call(Row key, Iterator<Row> rows, GroupState<OpenSessions> state) {
      List<Session> sessions = state.exists() ? new ArrayList<>(state.get().sessions()) : new ArrayList<>();
      if (!state.hasTimedOut()) {
        sessions = merge(sessions, rows);
      }
      List<Row> out = closeUpTo(key.getString(0), sessions, state.getCurrentWatermarkMs());
      if (sessions.isEmpty()) {
        state.remove();
      } else {
        state.update(new OpenSessions(sessions));
        state.setTimeoutTimestamp(minEnd(sessions) - 1);
      }
      return out.iterator();
    }

    private static List<Session> merge(List<Session> open, Iterator<Row> rows) {
      List<Session> all = new ArrayList<>(open);
      while (rows.hasNext()) {
        Row r = rows.next();
        long ts = r.getLong(1) / 1000;
        all.add(new Session(ts, ts + GAP_MS, 1, Math.round(r.getDouble(2) * 100)));
      }
      all.sort((a, b) -> Long.compare(a.start(), b.start()));
      List<Session> merged = new ArrayList<>();
      for (Session s : all) {
        Session cur = merged.isEmpty() ? null : merged.get(merged.size() - 1);
        if (cur != null && s.start() <= cur.end()) {
          merged.set(merged.size() - 1, new Session(cur.start(), Math.max(cur.end(), s.end()), cur.count() + s.count(),
              cur.cents() + s.cents()));
        } else {
          merged.add(s);
        }
      }
      return merged;
    }

    private static List<Row> closeUpTo(String key, List<Session> open, long watermarkMs) {
      List<Row> out = new ArrayList<>();
      for (Iterator<Session> it = open.iterator(); it.hasNext(); ) {
        Session s = it.next();
        if (s.end() <= watermarkMs) {
          out.add(Row.of(key, s.start() * 1000, s.end() * 1000, s.count(), s.cents() / 100.0));
          it.remove();
        }
      }
      return out;
    }

    private static long minEnd(List<Session> open) {
      return open.stream().mapToLong(Session::end).min().orElseThrow();
    }
  }

  @ParameterizedTest(name = "{0}, stopped and started again after file {1}")
  @CsvSource({"hdfs, -1", "rocksdb, -1", "hdfs, 4", "rocksdb, 6"})
  void theSessionsAreSparks(String store, int restartAfter) throws Exception {
    ManualClock clock = new ManualClock();
    try (MillraceSession session = MillraceSession.builder().clock(clock).config("millrace.shuffle.partitions", "4")
        .config("millrace.state.provider", store).build();
        MemoryStream events = MemoryStream.create("events", SessionsTestData.SCHEMA)) {
      Dataset sessions = events.toDataset(session)
          .withColumn("sessionEndTs", expr("ts + INTERVAL 1 SECOND"))
          .withWatermark("sessionEndTs", (6000 + GAP_MS) + " milliseconds")
          .groupByKey("key")
          .flatMapGroupsWithState(new Sessionizer(), OutputMode.APPEND, StateCodecs.record(OpenSessions.class), OUTPUT,
              GroupStateTimeout.EVENT_TIME_TIMEOUT);
      List<List<Row>> emitted = new ArrayList<>();
      List<StreamingQueryProgress> progress = new ArrayList<>();
      List<StreamAction> actions = new ArrayList<>();
      actions.add(startStream(Trigger.processingTime("1 second"), clock));
      for (int f = 0; f < SessionsTestData.FILES; f++) {
        actions.add(addData(events, SessionsTestData.file(f)));
        if (restartAfter >= 0 && f == restartAfter + 1) {
          // Stopped with the next file waiting, as TransformWithStateSessionsTest explains.
          actions.add(execute("keep the progress", q -> progress.addAll(q.recentProgress())));
          actions.add(stopStream());
          actions.add(startStream(Trigger.processingTime("1 second"), clock));
          actions.add(checkAnswer(rows -> { }));
        } else {
          actions.add(advanceManualClock(1000));
        }
      }
      actions.add(advanceManualClock(1000));
      actions.add(checkAnswer(emitted::add));
      actions.add(execute("keep the progress", q -> progress.addAll(q.recentProgress())));
      StreamTest.testStream(sessions, OutputMode.APPEND).run(actions.toArray(StreamAction[]::new));

      List<Row> rows = emitted.get(0);
      long eventCount = 0;
      long lengthMs = 0;
      long cents = 0;
      for (Row r : rows) {
        eventCount += r.getLong(3);
        lengthMs += (r.getLong(2) - r.getLong(1)) / 1000;
        cents += Math.round(r.getDouble(4) * 100);
      }
      assertThat(List.of((long) rows.size(), eventCount, lengthMs, cents)).as("sessions, events, length, cents")
          .containsExactly(2_254L, 4_773L, 3_281_753L, 242_354_977L);
      Map<Long, StreamingQueryProgress> byBatch = new TreeMap<>();
      progress.forEach(p -> byBatch.put(p.batchId(), p));
      List<List<Long>> perBatch = new ArrayList<>();
      for (StreamingQueryProgress p : byBatch.values()) {
        StateOperatorProgress op = p.stateOperators().get(0);
        assertThat(op.operatorName()).isEqualTo("flatMapGroupsWithState");
        perBatch.add(List.of(op.numRowsTotal(), op.numRowsUpdated(), op.numRowsRemoved(),
            op.numRowsDroppedByWatermark()));
      }
      assertThat(perBatch).as("per batch: rows total, updated, removed, dropped as late").isEqualTo(SPARK_PER_BATCH);
    }
  }
}
