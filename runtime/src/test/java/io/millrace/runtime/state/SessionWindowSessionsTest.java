package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.session_window;
import static io.millrace.api.functions.sum;
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
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code session_window} in append mode against Spark 4.0.1 on the small sessions dataset
 * ({@link SessionsTestData}), one file a batch. Spark's facts, from spark-baseline's
 * {@code ./run.sh bench --bench sessions --data <that dataset> --impl session_window --provider
 * hdfs --shuffle 4 --max-files 1 --gap "1 second" --watermark "6 seconds"} (the query
 * {@code withWatermark("ts", "6 seconds").groupBy(col("key"), session_window(col("ts"),
 * "1 second")).agg(count(lit(1)).as("events"), sum("amount").as("total"))}; its RESULT line of
 * 2026-12-02): 11 batches (10 with data, then one as the watermark moves), 10 rows dropped as
 * late, the sessions emitted: 2,254 sessions, 4,773 events, 3,281,753 ms of session length,
 * 242,354,977 cents (tws and fmgws give the same, {@link TransformWithStateSessionsTest}), and
 * 2,254 sessions left in the state after the last batch (lastRowsTotal; at most 2,643 in a batch).
 */
class SessionWindowSessionsTest {

  @ParameterizedTest(name = "{0}, stopped and started again after file {1}")
  @CsvSource({"hdfs, -1", "rocksdb, -1", "hdfs, 4", "rocksdb, 6"})
  void theSessionsAreSparks(String store, int restartAfter) throws Exception {
    ManualClock clock = new ManualClock();
    try (MillraceSession session = MillraceSession.builder().clock(clock).config("millrace.shuffle.partitions", "4")
        .config("millrace.state.provider", store).build();
        MemoryStream events = MemoryStream.create("events", SessionsTestData.SCHEMA)) {
      Dataset sessions = events.toDataset(session)
          .withWatermark("ts", "6 seconds")
          .groupBy(col("key"), session_window(col("ts"), "1 second"))
          .agg(count(lit(1)).as("events"), sum("amount").as("total"));
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
          // uninterrupted run's next batch does; the open sessions and timers come back from the checkpoint.
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
        Row window = r.getStruct(1);
        eventCount += r.getLong(2);
        lengthMs += (window.getLong(1) - window.getLong(0)) / 1000;
        cents += Math.round(r.getDouble(3) * 100);
      }
      assertThat(List.of((long) rows.size(), eventCount, lengthMs, cents)).as("sessions, events, length, cents")
          .containsExactly(2_254L, 4_773L, 3_281_753L, 242_354_977L);
      // A batch the stop interrupted runs again after the restart: each batch's last progress counts.
      Map<Long, StreamingQueryProgress> byBatch = new TreeMap<>();
      progress.forEach(p -> byBatch.put(p.batchId(), p));
      long late = 0;
      for (StreamingQueryProgress p : byBatch.values()) {
        StateOperatorProgress op = p.stateOperators().get(0);
        assertThat(op.operatorName()).isEqualTo("sessionWindowStateStoreSaveExec");
        late += op.numRowsDroppedByWatermark();
      }
      assertThat(byBatch).as("batches: ten with data, one as the watermark moves").hasSize(11);
      assertThat(late).as("rows dropped as late").isEqualTo(10);
      StateOperatorProgress last = byBatch.get(10L).stateOperators().get(0);
      assertThat(last.numRowsTotal()).as("sessions left open in the state").isEqualTo(2_254);
      assertThat(byBatch.values().stream().mapToLong(p -> p.stateOperators().get(0).numRowsTotal()).max().orElseThrow())
          .as("most sessions in the state").isEqualTo(2_643);
    }
  }
}
