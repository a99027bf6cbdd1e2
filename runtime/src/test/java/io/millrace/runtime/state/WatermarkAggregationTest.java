package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.plugins.source.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watermark sequence of issue 5: withWatermark("ts", "10 minutes"),
 * groupBy(window("ts", "5 minutes")).count(), the available-now trigger, and a new start of
 * the query on the same checkpoint for each step.
 */
class WatermarkAggregationTest {
  /** The state store these tests run on; a subclass runs them all on another. */
  String provider() {
    return "hdfs";
  }

  MillraceSession.Builder builder() {
    return MillraceSession.builder().config("millrace.state.provider", provider())
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

  /** Adds rows at the given times, runs the query once (available-now) and returns what it emitted. */
  private List<Row> step(String mode, String... times) {
    for (String t : times) {
      stream.addData(Row.of(at(t)));
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
          .writeStream().format("memory").option("name", output).outputMode(mode).trigger(Trigger.availableNow())
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      q.awaitTermination();
    }
    List<Row> all = MemorySinkTable.find(output).map(MemorySinkTable::rows).orElse(List.of());
    List<Row> emitted = new ArrayList<>(all.subList(before, all.size()));
    emitted.sort(Comparator.comparing(Row::toString));
    return emitted;
  }

  private StreamingQueryProgress batch(long id) {
    return progress.stream().filter(p -> p.batchId() == id).reduce((a, b) -> b).orElseThrow();
  }

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

  @Test
  void aKeyWithTheWindowBehindAnotherFieldIsEvictedByReadingEveryGroup() {
    grouping = new Column[] {lit("all").as("scope"), window(col("ts"), "5 minutes")};
    assertThat(step("append", "12:01", "12:02", "12:07")).isEmpty();
    assertThat(step("append", "12:20", "12:03"))
        .containsExactly(Row.of("all", Row.of(at("12:00"), at("12:05")), 3L),
            Row.of("all", Row.of(at("12:05"), at("12:10")), 1L));
    assertThat(batch(3).stateOperators().get(0).numRowsRemoved()).isEqualTo(2);
    assertThat(batch(3).stateOperators().get(0).customMetrics()).containsEntry("numKeysScannedToEvict", 3L);
  }

  @Test
  void completeModeEmitsTheWholeTableEveryBatchAndEvictsNothing() {
    assertThat(step("complete", "12:01", "12:02", "12:07"))
        .containsExactly(win("12:00", "12:05", 2), win("12:05", "12:10", 1));
    List<Row> table = MemorySinkTable.get(output).rows();
    assertThat(step("complete", "12:20", "12:03")).isNotEmpty();
    table = MemorySinkTable.get(output).rows();
    List<Row> sorted = new ArrayList<>(table);
    sorted.sort(Comparator.comparing(Row::toString));
    assertThat(sorted).containsExactly(win("12:00", "12:05", 3), win("12:05", "12:10", 1),
        win("12:20", "12:25", 1));
  }
}
