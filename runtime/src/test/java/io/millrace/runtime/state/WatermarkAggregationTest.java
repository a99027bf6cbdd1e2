package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Column;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The watermark sequence of issue 5: withWatermark("ts", "10 minutes"),
 * groupBy(window("ts", "5 minutes")).count(), the available-now trigger, and a new start of
 * the query on the same checkpoint for each step.
 */
class WatermarkAggregationTest {
  /** Whether exchanges hand rows over encoded; a subclass runs every test that way. */
  boolean encodedExchange() {
    return false;
  }

  /** The state store these tests run on; a subclass runs them all on another. */
  String provider() {
    return "hdfs";
  }

  MillraceSession.Builder builder() {
    return MillraceSession.builder().config("millrace.state.provider", provider())
        .config("millrace.exchange.encoded", String.valueOf(encodedExchange()))
        .config("millrace.shuffle.partitions", String.valueOf(partitions));
  }

  /** State partitions of the query; one makes the order of emitted rows the order of keys. */
  private int partitions = 4;

  @TempDir Path dir;

  private final String input = "wm-in-" + UUID.randomUUID();
  private final String output = "wm-out-" + UUID.randomUUID();
  private MemoryStream stream;
  private final List<StreamingQueryProgress> progress = new CopyOnWriteArrayList<>();
  /** What the query groups by; tests other than issue 5's sequence change it. */
  private Column[] grouping = {window(col("ts"), "5 minutes")};
  /** The trigger of the next {@link #step}. */
  private Trigger trigger = Trigger.availableNow();

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("ts TIMESTAMP"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private static final long MINUTES = 60_000_000L;

  private static long at(String hhmm) {
    return Instant.parse("2026-11-30T" + hhmm + ":00Z").toEpochMilli() * 1000;
  }

  private static Row win(String start, String end, long count) {
    return Row.of(Row.of(at(start), at(end)), count);
  }

  /**
   * Adds rows at the given times ({@code null} for a row whose time is NULL), runs the query once
   * (available-now) and returns what it emitted.
   */
  private List<Row> step(String mode, String... times) {
    for (String t : times) {
      stream.addData(Row.of(t == null ? null : at(t)));
    }
    int before = MemorySinkTable.find(output).map(t -> t.rows().size()).orElse(0);
    try (MillraceSession session = builder().build()) {
      session.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryProgress(QueryProgressEvent event) {
          progress.add(event.progress());
        }
      });
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .withWatermark("ts", "10 minutes")
          .groupBy(grouping).count()
          .writeStream().format("memory").option("name", output).outputMode(mode).trigger(trigger)
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      q.awaitTermination();
    }
    List<Row> all = MemorySinkTable.find(output).map(MemorySinkTable::rows).orElse(List.of());
    List<Row> emitted = new ArrayList<>(all.subList(before, all.size()));
    emitted.sort(Comparator.comparing(Row::toString));
    return emitted;
  }

  /** The sink's table: in complete mode, the last batch's whole result. */
  private List<Row> table() {
    List<Row> rows = new ArrayList<>(MemorySinkTable.get(output).rows());
    rows.sort(Comparator.comparing(Row::toString));
    return rows;
  }

  private List<Long> batchIds() {
    return progress.stream().map(StreamingQueryProgress::batchId).toList();
  }

  private StreamingQueryProgress batch(long id) {
    return progress.stream().filter(p -> p.batchId() == id).reduce((a, b) -> b).orElseThrow();
  }

  /**
   * Spark 4.0.1 ran the same query and steps (a JSON file source, one file per step, a new
   * Trigger.AvailableNow start per step, foreachBatch) with these outputs, watermarks, batch ids
   * and figures, in update mode here and in append mode below.
   */
  @Test
  void updateModeFollowsTheWatermarkThroughNoDataBatchesAndDropsALateRow() {
    assertThat(step("update", "12:01", "12:02", "12:07"))
        .containsExactly(win("12:00", "12:05", 2), win("12:05", "12:10", 1));
    assertThat(batch(1).numInputRows()).isZero();
    assertThat(batch(1).eventTime()).containsEntry("watermark", "2026-11-30T11:57:00.000Z");

    assertThat(step("update", "12:20", "12:03"))
        .containsExactly(win("12:00", "12:05", 3), win("12:20", "12:25", 1));
    assertThat(batch(3).numInputRows()).isZero();
    assertThat(batch(3).eventTime()).containsEntry("watermark", "2026-11-30T12:10:00.000Z");
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(batch(3).stateOperators().get(0).customMetrics())
        .as("the window leads the key: the eviction removed key ranges, reading no group that stays")
        .containsEntry("numKeysScannedToEvict", 0L);

    assertThat(step("update", "12:04")).isEmpty();
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(batch(4).eventTime()).containsEntry("watermark", "2026-11-30T12:10:00.000Z");
    assertThat(progress).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  @Test
  void appendModeEmitsEachWindowOnceAfterTheWatermarkPassesItsEnd() {
    assertThat(step("append", "12:01", "12:02", "12:07")).isEmpty();
    assertThat(step("append", "12:20", "12:03"))
        .containsExactly(win("12:00", "12:05", 3), win("12:05", "12:10", 1));
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(batch(3).stateOperators().get(0).customMetrics()).containsEntry("numKeysScannedToEvict", 0L);
    assertThat(step("append", "12:04")).isEmpty();
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(MemorySinkTable.get(output).rows()).hasSize(2);
  }

  /** As Spark 4.0.1 emitted them, but for the late row, which Spark counts once per window (2). */
  @Test
  void slidingWindowsAreEmittedOnceEachWhenTheirEndsPassTheWatermark() {
    grouping = new Column[] {window(col("ts"), "10 minutes", "5 minutes")};
    assertThat(step("append", "12:01", "12:02", "12:07")).isEmpty();
    assertThat(step("append", "12:20", "12:03")) // the watermark moves to 12:10
        .containsExactly(Row.of(Row.of(at("11:55"), at("12:05")), 3L), Row.of(Row.of(at("12:00"), at("12:10")), 4L));
    assertThat(batch(3).stateOperators().get(0).customMetrics()).containsEntry("numKeysScannedToEvict", 0L);
    assertThat(batch(3).stateOperators().get(0).numRowsTotal()).isEqualTo(3);
    assertThat(step("append", "12:04")).isEmpty(); // both of its windows have ended
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
  }

  @Test
  void appendModeEmitsFinishedWindowsInKeyOrder() {
    // A replay must emit the same rows in the same order: the full scan sorted them by key, the
    // range scans read them in that order. (Times before 1970 cannot reach the state at all:
    // the watermark starts at the epoch, so their windows are late from the first batch.)
    partitions = 1;
    stream.addData(Row.of(17 * MINUTES), Row.of(MINUTES), Row.of(12 * MINUTES), Row.of(2 * MINUTES),
        Row.of(6 * MINUTES));
    stream.addData(Row.of(40 * MINUTES)); // the watermark moves to 00:30
    step("append");
    assertThat(MemorySinkTable.get(output).rows()).containsExactly(
        Row.of(Row.of(0L, 5 * MINUTES), 2L), Row.of(Row.of(5 * MINUTES, 10 * MINUTES), 1L),
        Row.of(Row.of(10 * MINUTES, 15 * MINUTES), 1L), Row.of(Row.of(15 * MINUTES, 20 * MINUTES), 1L));
  }

  /**
   * Spark 4.0.1, groupBy(lit("all").as("scope"), window(ts, "5 minutes")) on these steps: in
   * append mode batch 3 (no input) emitted [(all, 12:00-12:05, 3), (all, 12:05-12:10, 1)] and
   * removed 2 groups, batch 4 dropped 12:04 as late.
   */
  @Test
  void aKeyWithTheWindowBehindAnotherFieldIsEvictedByReadingEveryGroup() {
    grouping = new Column[] {lit("all").as("scope"), window(col("ts"), "5 minutes")};
    assertThat(step("append", "12:01", "12:02", "12:07")).isEmpty();
    assertThat(step("append", "12:20", "12:03"))
        .containsExactly(scoped("12:00", 3), scoped("12:05", 1));
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(batch(3).stateOperators().get(0).customMetrics()).containsEntry("numKeysScannedToEvict", 3L);
    assertThat(step("append", "12:04")).isEmpty();
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
  }

  /**
   * Spark 4.0.1, the same query in update mode: batch 0 [(all, 12:00-12:05, 2), (all,
   * 12:05-12:10, 1)]; no-data batch 1; batch 2 [(all, 12:00-12:05, 3), (all, 12:20-12:25, 1)];
   * no-data batch 3 removing 2 groups; batch 4 [] dropping 12:04 as late.
   */
  @Test
  void aKeyWithTheWindowBehindAnotherFieldInUpdateMode() {
    grouping = new Column[] {lit("all").as("scope"), window(col("ts"), "5 minutes")};
    assertThat(step("update", "12:01", "12:02", "12:07")).containsExactly(scoped("12:00", 2), scoped("12:05", 1));
    assertThat(step("update", "12:20", "12:03")).containsExactly(scoped("12:00", 3), scoped("12:20", 1));
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(batch(3).stateOperators().get(0).customMetrics()).containsEntry("numKeysScannedToEvict", 3L);
    assertThat(step("update", "12:04")).isEmpty();
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(batchIds()).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  /**
   * Spark 4.0.1, the same query in complete mode: batch 2's table was [(all, 12:00-12:05, 4),
   * (all, 12:05-12:10, 1), (all, 12:20-12:25, 1)], nothing dropped or removed, no batch without input.
   */
  @Test
  void aKeyWithTheWindowBehindAnotherFieldInCompleteMode() {
    grouping = new Column[] {lit("all").as("scope"), window(col("ts"), "5 minutes")};
    step("complete", "12:01", "12:02", "12:07");
    step("complete", "12:20", "12:03");
    step("complete", "12:04");
    assertThat(table()).containsExactly(scoped("12:00", 4), scoped("12:05", 1), scoped("12:20", 1));
    assertThat(batch(2).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(2).stateOperators().get(0).numRowsRemoved()).isZero();
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
  }

  /**
   * Spark 4.0.1, withWatermark then groupBy(lit("all").as("scope")): a grouping the watermark
   * cannot finish. Complete mode emitted [(all, 3)], [(all, 5)], [(all, 6)] in batches 0 to 2.
   * Update mode emitted the same rows but in batches 0, 2 and 4: Spark ran a batch without input
   * after each watermark move, which emitted and removed nothing. Millrace runs such a batch
   * only where the watermark can emit or evict, so its batches are 0 to 2 in both modes.
   */
  @Test
  void aGroupingTheWatermarkCannotFinishInUpdateMode() {
    grouping = new Column[] {lit("all").as("scope")};
    assertThat(step("update", "12:01", "12:02", "12:07")).containsExactly(Row.of("all", 3L));
    assertThat(step("update", "12:20", "12:03")).containsExactly(Row.of("all", 5L));
    assertThat(step("update", "12:04")).containsExactly(Row.of("all", 6L));
    assertThat(batch(2).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(2).eventTime()).containsEntry("watermark", "2026-11-30T12:10:00.000Z");
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
  }

  @Test
  void aGroupingTheWatermarkCannotFinishInCompleteMode() {
    grouping = new Column[] {lit("all").as("scope")};
    step("complete", "12:01", "12:02", "12:07");
    assertThat(table()).containsExactly(Row.of("all", 3L));
    step("complete", "12:20", "12:03");
    step("complete", "12:04");
    assertThat(table()).containsExactly(Row.of("all", 6L));
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
  }

  @Test
  void appendModeIsRefusedForAGroupingTheWatermarkCannotFinish() {
    grouping = new Column[] {lit("all").as("scope")};
    assertThatThrownBy(() -> step("append", "12:01")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("append").hasMessageContaining("window('ts', ..)");
  }

  private static Row scoped(String start, long count) {
    return Row.of("all", Row.of(at(start), at(start) + 5 * MINUTES), count);
  }

  /**
   * Spark 4.0.1 ran the same query and steps (a JSON file source, one file per step, a new
   * Trigger.AvailableNow start per step, foreachBatch) in complete mode: batch 0 gave
   * [12:00-12:05: 2, 12:05-12:10: 1]; batch 1 [3, 1, 12:20-12:25: 1] with the watermark at 11:57;
   * batch 2 [4, 1, 1] with the watermark at 12:10, numRowsDroppedByWatermark 0, numRowsTotal 3,
   * numRowsUpdated 1, numRowsRemoved 0. It ran no batch without input, not even on the step that
   * found no new file. Update and append mode drop 12:04 there (the tests above, which Spark
   * matched batch for batch, no-data batches included).
   */
  @Test
  void completeModeCountsEveryRowAndRunsNoBatchWithoutInput() {
    step("complete", "12:01", "12:02", "12:07");
    assertThat(table()).containsExactly(win("12:00", "12:05", 2), win("12:05", "12:10", 1));
    step("complete", "12:20", "12:03");
    assertThat(table()).containsExactly(win("12:00", "12:05", 3), win("12:05", "12:10", 1), win("12:20", "12:25", 1));
    assertThat(batch(1).eventTime()).containsEntry("watermark", "2026-11-30T11:57:00.000Z");
    step("complete", "12:04"); // its window ended at the watermark: late in update and append mode
    assertThat(table()).containsExactly(win("12:00", "12:05", 4), win("12:05", "12:10", 1), win("12:20", "12:25", 1));
    StateOperatorProgress op = batch(2).stateOperators().get(0);
    assertThat(op.numRowsDroppedByWatermark()).isZero();
    assertThat(op.numRowsTotal()).isEqualTo(3);
    assertThat(op.numRowsUpdated()).isEqualTo(1);
    assertThat(op.numRowsRemoved()).isZero();
    assertThat(batch(2).eventTime()).as("the watermark still moves and shows, as in Spark")
        .containsEntry("watermark", "2026-11-30T12:10:00.000Z");
    step("complete");
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
    assertThat(MemorySinkTable.get(output).batchIds()).containsExactly(0L, 1L, 2L);
  }

  /**
   * Spark 4.0.1, the same steps with window(ts, "10 minutes", "5 minutes") in complete mode:
   * batch 0 [11:55-12:05: 2, 12:00-12:10: 3, 12:05-12:15: 1]; batch 1 [3, 4, 1, 12:15-12:25: 1,
   * 12:20-12:30: 1]; batch 2 [4, 5, 1, 1, 1], numRowsDroppedByWatermark 0; no batch without input.
   */
  @Test
  void completeModeCountsEveryRowOfSlidingWindows() {
    grouping = new Column[] {window(col("ts"), "10 minutes", "5 minutes")};
    step("complete", "12:01", "12:02", "12:07");
    step("complete", "12:20", "12:03");
    assertThat(table()).containsExactly(slide("11:55", 3), slide("12:00", 4), slide("12:05", 1), slide("12:15", 1),
        slide("12:20", 1));
    step("complete", "12:04");
    assertThat(table()).containsExactly(slide("11:55", 4), slide("12:00", 5), slide("12:05", 1), slide("12:15", 1),
        slide("12:20", 1));
    assertThat(batch(2).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
  }

  /**
   * Spark 4.0.1, the same steps with window(ts, "10 minutes", "5 minutes") in update mode:
   * batch 0 [11:55-12:05: 2, 12:00-12:10: 3, 12:05-12:15: 1]; no-data batch 1; batch 2
   * [11:55-12:05: 3, 12:00-12:10: 4, 12:15-12:25: 1, 12:20-12:30: 1]; no-data batch 3 removing
   * 2 windows; batch 4 [] with numRowsDroppedByWatermark 2 (Spark counts the row once per window;
   * Millrace counts input rows).
   */
  @Test
  void updateModeEmitsTheChangedSlidingWindowsAndDropsALateRowOnce() {
    grouping = new Column[] {window(col("ts"), "10 minutes", "5 minutes")};
    assertThat(step("update", "12:01", "12:02", "12:07")).containsExactly(slide("11:55", 2), slide("12:00", 3),
        slide("12:05", 1));
    assertThat(step("update", "12:20", "12:03")).containsExactly(slide("11:55", 3), slide("12:00", 4),
        slide("12:15", 1), slide("12:20", 1));
    assertThat(batch(3).numInputRows()).isZero();
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(step("update", "12:04")).isEmpty();
    assertThat(batch(4).stateOperators().get(0).numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(batchIds()).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  /**
   * Spark 4.0.1 ran batch 0 of these rows with Trigger.Once (the watermark moves to 11:57), then
   * started again on the checkpoint with no new input: in complete mode and in update mode alike
   * it ran no batch. In complete mode Millrace runs none either.
   */
  @Test
  void aRestartInCompleteModeRunsNoBatchWithoutInput() {
    trigger = Trigger.once();
    step("complete", "12:01", "12:07");
    trigger = Trigger.availableNow();
    step("complete");
    assertThat(batchIds()).containsExactly(0L);
    assertThat(MemorySinkTable.get(output).batchIds()).containsExactly(0L);
  }

  /**
   * Unlike Spark (see above), Millrace runs on restart the batch without input that was due
   * when it stopped, where the watermark emits or evicts: a query run by the once trigger would
   * otherwise hold its finished windows until new input comes. The README states this rule.
   */
  @Test
  void aRestartInUpdateModeRunsTheBatchWithoutInputThatWasDue() {
    trigger = Trigger.once();
    step("update", "12:01", "12:07");
    trigger = Trigger.availableNow();
    step("update");
    assertThat(batchIds()).containsExactly(0L, 1L);
    assertThat(batch(1).numInputRows()).isZero();
    assertThat(batch(1).eventTime()).containsEntry("watermark", "2026-11-30T11:57:00.000Z");
  }

  /**
   * A row whose time is null is in no window (Spark 4.0.1: a window(ts, "5 minutes") count over a
   * null time and 12:01 gives one window of count 1). It is not late either: it is counted in
   * customMetrics.numRowsWithoutWindow, on the tumbling (one group per row) path here and on the
   * sliding path below.
   */
  @Test
  void aRowWithANullTimeIsInNoWindowAndIsNotCountedAsLate() {
    stream.addData(Row.of((Object) null));
    step("complete", "12:01");
    assertThat(table()).containsExactly(win("12:00", "12:05", 1));
    assertThat(batch(0).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(0).stateOperators().get(0).customMetrics()).containsEntry("numRowsWithoutWindow", 1L);
  }

  @Test
  void aRowWithANullTimeIsInNoSlidingWindowAndIsNotCountedAsLate() {
    grouping = new Column[] {window(col("ts"), "10 minutes", "5 minutes")};
    stream.addData(Row.of((Object) null));
    assertThat(step("update", "12:02")).containsExactly(slide("11:55", 1), slide("12:00", 1));
    assertThat(batch(0).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(0).stateOperators().get(0).customMetrics()).containsEntry("numRowsWithoutWindow", 1L);
  }

  /**
   * Spark 4.0.1 ran withWatermark("ts", "10 minutes").groupBy(col("ts"), lit("all").as("scope"))
   * .count() (and the same with the scope first) in update mode: batch 0 [null, null, 12:00,
   * 12:30] emitted (12:00, all, 1), (12:30, all, 1), (null, all, 2) with eventTime.min
   * 1970-01-01T00:00:00Z and avg 1998-06-16T18:07:30Z, counting each null time as the epoch;
   * no-data batch 1 at 12:20 removed the 12:00 group only (numRowsTotal 2): the group of null
   * times is never finished; batch 2 [null, 12:00, 12:31] emitted (12:31, all, 1), (null, all, 3)
   * and dropped 12:00 as late (numRowsDroppedByWatermark 1, numRowsUpdated 2, numRowsTotal 3);
   * no-data batch 3 at 12:21 removed nothing. Millrace's eventTime figures leave null times out.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void updateModeEmitsTheGroupOfNullTimesAndNeverFinishesIt(boolean timeFirst) {
    grouping = byTimeAndScope(timeFirst);
    assertThat(step("update", null, null, "12:00", "12:30")).containsExactlyInAnyOrder(
        byTime(timeFirst, "12:00", 1), byTime(timeFirst, "12:30", 1), byTime(timeFirst, null, 2));
    assertThat(batch(0).eventTime()).containsEntry("min", "2026-11-30T12:00:00.000Z")
        .containsEntry("max", "2026-11-30T12:30:00.000Z").containsEntry("avg", "2026-11-30T12:15:00.000Z");
    assertThat(batch(1).stateOperators().get(0).numRowsRemoved()).isEqualTo(1);
    assertThat(batch(1).stateOperators().get(0).numRowsTotal()).isEqualTo(2);
    assertThat(step("update", null, "12:00", "12:31"))
        .containsExactlyInAnyOrder(byTime(timeFirst, "12:31", 1), byTime(timeFirst, null, 3));
    StateOperatorProgress op = batch(2).stateOperators().get(0);
    assertThat(op.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(op.numRowsUpdated()).isEqualTo(2);
    assertThat(op.numRowsTotal()).isEqualTo(3);
    assertThat(batch(3).eventTime()).containsEntry("watermark", "2026-11-30T12:21:00.000Z");
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isZero();
    assertThat(batchIds()).containsExactly(0L, 1L, 2L, 3L);
  }

  /**
   * Spark 4.0.1, the same query in append mode: no-data batch 1 emitted (12:00, all, 1), and no
   * batch ever emitted the group of null times, which stayed in state (numRowsTotal 3 after batch
   * 0, 2 after batch 1, 3 after batch 2, where 12:00 was dropped as late). Millrace does not keep
   * a group it could never emit: it drops those rows, counts them in
   * customMetrics.numRowsWithNullEventTime and logs it once, so its state holds one group fewer.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void appendModeCountsTheRowsOfNullTimesItCanNeverEmit(boolean timeFirst) {
    grouping = byTimeAndScope(timeFirst);
    assertThat(step("append", null, null, "12:00", "12:30")).containsExactly(byTime(timeFirst, "12:00", 1));
    assertThat(batch(0).stateOperators().get(0).customMetrics()).containsEntry("numRowsWithNullEventTime", 2L);
    assertThat(batch(0).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(0).stateOperators().get(0).numRowsTotal()).isEqualTo(2);
    assertThat(batch(1).stateOperators().get(0).numRowsRemoved()).isEqualTo(1);
    assertThat(batch(1).stateOperators().get(0).numRowsTotal()).isEqualTo(1);
    assertThat(step("append", null, "12:00", "12:31")).isEmpty();
    StateOperatorProgress op = batch(2).stateOperators().get(0);
    assertThat(op.customMetrics()).containsEntry("numRowsWithNullEventTime", 1L);
    assertThat(op.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(op.numRowsTotal()).isEqualTo(2);
    assertThat(batchIds()).containsExactly(0L, 1L, 2L, 3L);
  }

  /**
   * Spark 4.0.1, the same query in complete mode: batch 0's table [(12:00, all, 1), (12:30, all,
   * 1), (null, all, 2)], batch 1's [(12:00, all, 2), (12:30, all, 1), (12:31, all, 1), (null, all,
   * 3)], nothing late or removed (numRowsTotal 4), no batch without input.
   */
  @Test
  void completeModeKeepsTheGroupOfNullTimesLikeAnyOther() {
    grouping = byTimeAndScope(true);
    step("complete", null, null, "12:00", "12:30");
    assertThat(table()).containsExactlyInAnyOrder(byTime(true, "12:00", 1), byTime(true, "12:30", 1),
        byTime(true, null, 2));
    step("complete", null, "12:00", "12:31");
    assertThat(table()).containsExactlyInAnyOrder(byTime(true, "12:00", 2), byTime(true, "12:30", 1),
        byTime(true, "12:31", 1), byTime(true, null, 3));
    assertThat(batch(1).stateOperators().get(0).numRowsDroppedByWatermark()).isZero();
    assertThat(batch(1).stateOperators().get(0).numRowsTotal()).isEqualTo(4);
    assertThat(batchIds()).containsExactly(0L, 1L);
  }

  /**
   * Spark 4.0.1, the window(ts, "5 minutes") count in update mode: batch 0 [12:30], no-data batch
   * 1 at 12:20, batch 2 [null, null] left the watermark at 12:20 and ran no batch after it, but
   * showed eventTime min, max and avg 1970-01-01T00:00:00Z, counting each null time as the epoch.
   * Millrace leaves null times out of those figures: a batch of null times shows the watermark only.
   */
  @Test
  void nullTimesNeitherMoveTheWatermarkNorShowInTheEventTimeFigures() {
    assertThat(step("update", "12:30")).containsExactly(win("12:30", "12:35", 1));
    assertThat(step("update", null, null)).isEmpty();
    assertThat(batch(2).eventTime()).containsExactly(Map.entry("watermark", "2026-11-30T12:20:00.000Z"));
    assertThat(batch(2).stateOperators().get(0).customMetrics()).containsEntry("numRowsWithoutWindow", 2L);
    assertThat(batchIds()).containsExactly(0L, 1L, 2L);
  }

  private static Column[] byTimeAndScope(boolean timeFirst) {
    return timeFirst ? new Column[] {col("ts"), lit("all").as("scope")} : new Column[] {lit("all").as("scope"), col("ts")};
  }

  /** An output row of {@link #byTimeAndScope}: the time ({@code null} for NULL), the scope and the count. */
  private static Row byTime(boolean timeFirst, String time, long count) {
    Long t = time == null ? null : at(time);
    return timeFirst ? Row.of(t, "all", count) : Row.of("all", t, count);
  }

  private static Row slide(String start, long count) {
    return Row.of(Row.of(at(start), at(start) + 10 * MINUTES), count);
  }
}
