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
import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.ListState;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sessionization with {@code transformWithState} against Spark 4.0.1, on the small sessions
 * dataset ({@link SessionsTestData}), one file a batch. Spark's facts, from spark-baseline's
 * {@code ./run.sh bench --bench sessions --data <that dataset> --impl tws --provider rocksdb
 * --shuffle 4 --max-files 1 --gap "1 second" --watermark "6 seconds"} (the same fingerprint with
 * {@code --impl fmgws} and {@code --impl session_window}): 11 batches (10 with data, then one as
 * the watermark moves), 10 rows dropped as late, 1,103 timers fired, and the sessions emitted:
 * 2,254 sessions, 4,773 events, 3,281,753 ms of session length, 242,354,977 cents.
 *
 * <p>The processor is the benchmark's {@code TwsSessionizer} written against Millrace's API: a
 * list of open sessions per key, one event-time timer per key at the smallest open end; a session
 * is emitted once the watermark reaches its end. As there, each row's {@code sessionEndTs}
 * ({@code ts} + gap) carries the watermark, with the delay plus the gap.
 */
class TransformWithStateSessionsTest {
  private static final long GAP_MS = 1000;
  private static final Schema OUTPUT = Schema.parse("key STRING, sessionStart TIMESTAMP, sessionEnd TIMESTAMP,"
      + " events LONG, total DOUBLE");

  /** One open session: [start, end] in epoch ms, end = last event + gap; amounts in cents. */
  record Session(long start, long end, long count, long cents) {}

  /** Spark-baseline's TwsSessionizer, on Millrace's API. */
  static final class Sessionizer extends StatefulProcessor<Row, Row, Row> {
    private ListState<Session> open;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      open = getHandle().getListState("open", StateCodecs.record(Session.class));
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues timerValues) {
      List<Session> before = load();
      long oldTimer = minEnd(before);
      List<Session> sessions = merge(before, rows);
      List<Row> out = closeUpTo(key.getString(0), sessions, timerValues.getCurrentWatermarkInMs());
      store(sessions, oldTimer);
      return out.iterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues timerValues, ExpiredTimerInfo expired) {
      List<Session> sessions = load();
      List<Row> out = closeUpTo(key.getString(0), sessions, timerValues.getCurrentWatermarkInMs());
      if (sessions.isEmpty()) {
        open.clear();
      } else {
        open.put(sessions);
        getHandle().registerTimer(minEnd(sessions));
      }
      return out.iterator();
    }

    private List<Session> load() {
      List<Session> l = new ArrayList<>();
      open.get().forEachRemaining(l::add);
      return l;
    }

    private void store(List<Session> remaining, long oldTimer) {
      long newTimer = minEnd(remaining);
      if (remaining.isEmpty()) {
        open.clear();
      } else {
        open.put(remaining);
      }
      if (newTimer != oldTimer) {
        if (oldTimer != Long.MAX_VALUE) {
          getHandle().deleteTimer(oldTimer);
        }
        if (newTimer != Long.MAX_VALUE) {
          getHandle().registerTimer(newTimer);
        }
      }
    }

    /** The key's open sessions with its new events merged in, by start, as Spark's session merge: start <= end joins. */
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
      long m = Long.MAX_VALUE;
      for (Session s : open) {
        m = Math.min(m, s.end());
      }
      return m;
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
          .transformWithState(Sessionizer::new, TimeMode.EVENT_TIME, OutputMode.APPEND, OUTPUT);
      List<List<Row>> emitted = new ArrayList<>();
      List<StreamingQueryProgress> progress = new ArrayList<>();
      List<StreamAction> actions = new ArrayList<>();
      actions.add(startStream(Trigger.processingTime("1 second"), clock));
      // One file a batch, each batch with the watermark of the one before, as Spark's available-now
      // run takes them; then the batch the last watermark move runs without data.
      for (int f = 0; f < SessionsTestData.FILES; f++) {
        actions.add(addData(events, SessionsTestData.file(f)));
        if (restartAfter >= 0 && f == restartAfter + 1) {
          // Stopped with the next file waiting, so the restarted query's first batch takes it, as the
          // uninterrupted run's next batch does (stopped without one, it would first run the batch
          // the last watermark move asks for, firing timers before that file's rows arrive: another
          // run than Spark's). The open sessions and timers come back from the checkpoint.
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
      // A batch the stop interrupted runs again after the restart: each batch's last progress counts.
      java.util.Map<Long, StreamingQueryProgress> byBatch = new java.util.TreeMap<>();
      progress.forEach(p -> byBatch.put(p.batchId(), p));
      long late = 0;
      long fired = 0;
      for (StreamingQueryProgress p : byBatch.values()) {
        StateOperatorProgress op = p.stateOperators().get(0);
        late += op.numRowsDroppedByWatermark();
        fired += op.customMetrics().get("numExpiredTimers");
      }
      assertThat(byBatch).as("batches: ten with data, one as the watermark moves").hasSize(11);
      assertThat(late).as("rows dropped as late").isEqualTo(10);
      assertThat(fired).as("timers fired").isEqualTo(1_103);
    }
  }
}
