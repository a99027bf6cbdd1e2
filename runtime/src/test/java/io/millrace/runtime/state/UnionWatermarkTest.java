package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A union of two watermarked streams into one windowed count, against Spark 4.0.1 on the same
 * input: a.withWatermark("ts", "10 seconds").union(b.withWatermark("ts", "20 seconds"))
 * .groupBy(window(col("ts"), "10 seconds")).count(), append mode, two shuffle partitions, UTC,
 * one batch per step (and the batch without data the watermark calls for), under
 * spark.sql.streaming.multipleWatermarkPolicy min and max (update and complete mode under min).
 */
class UnionWatermarkTest {
  private MemoryStream a;
  private MemoryStream b;

  @BeforeEach
  void setUp() {
    a = MemoryStream.create(Schema.parse(UnionWatermarkFacts.SCHEMA));
    b = MemoryStream.create(Schema.parse(UnionWatermarkFacts.SCHEMA));
  }

  @AfterEach
  void tearDown() {
    a.close();
    b.close();
  }

  private List<StreamingQueryProgress> run(String policy, List<String> sinkPerStep) {
    return run(policy, "append", sinkPerStep);
  }

  private List<StreamingQueryProgress> run(String policy, String mode, List<String> sinkPerStep) {
    List<StreamingQueryProgress> progress = new ArrayList<>();
    ManualClock clock = new ManualClock();
    try (MillraceSession s = MillraceSession.builder().clock(clock).config("millrace.shuffle.partitions", "2")
        .config("millrace.watermark.multiplePolicy", policy).build()) {
      Dataset left = a.toDataset(s).withWatermark("ts", "10 seconds");
      Dataset right = b.toDataset(s).withWatermark("ts", "20 seconds");
      List<StreamAction> actions = new ArrayList<>(List.of(UnionWatermarkFacts.actions(a, b, clock, sinkPerStep)));
      actions.add(execute("keep the progress", q -> progress.addAll(q.recentProgress())));
      testStream(left.union(right).groupBy(window(col("ts"), "10 seconds")).count(),
          OutputMode.valueOf(mode.toUpperCase(Locale.ROOT))).run(actions.toArray(StreamAction[]::new));
    }
    return progress;
  }

  private static List<String> watermarks(List<StreamingQueryProgress> progress) {
    return progress.stream().map(p -> p.eventTime().get("watermark").substring(11, 19)).collect(Collectors.toList());
  }

  @Test
  void theMinimumOfTheTwoWatermarksDrivesTheWindowsByDefault() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run("min", sink);
    // B's first watermark is 8 s - 20 s: the query's is 2023-12-31T23:59:48 until B moves.
    assertThat(watermarks(progress)).containsExactly("00:00:00", "23:59:48", "23:59:48", "23:59:48", "00:00:20",
        "00:00:20", "00:00:40", "00:00:40", "00:01:15");
    assertThat(sink).containsExactlyElementsOf(UnionWatermarkFacts.APPEND);
    assertThat(progress.get(0).sources()).extracting(sp -> sp.numInputRows()).containsExactly(2L, 2L);
    assertThat(progress.get(2).sources()).extracting(sp -> sp.numInputRows()).containsExactly(2L, 0L);
    assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsDroppedByWatermark()).containsOnly(0L);
  }

  @Test
  void theMaximumDrivesThemUnderPolicyMax() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run("max", sink);
    assertThat(watermarks(progress)).containsExactly("00:00:00", "00:00:20", "00:00:20", "00:00:35", "00:00:35",
        "00:00:40", "00:00:40", "00:00:55", "00:00:55", "00:01:20");
    assertThat(sink).containsExactly(
        "([00:00:00, 00:00:10], 3)",
        "([00:00:00, 00:00:10], 3)",
        "([00:00:00, 00:00:10], 3), ([00:00:30, 00:00:40], 1)",
        "([00:00:00, 00:00:10], 3), ([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 2)",
        "([00:00:00, 00:00:10], 3), ([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), "
            + "([00:01:00, 00:01:10], 2)");
    // Rows late by the previous batch's watermark: (4, a, 00:12) in batch 2, (105, b, 00:18) in 4, (7, a, 00:25) in 6.
    assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsDroppedByWatermark())
        .containsExactly(0L, 0L, 1L, 0L, 1L, 0L, 1L, 0L, 0L, 0L);
  }

  @Test
  void inUpdateModeEachBatchEmitsTheWindowsItChanged() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run("min", "update", sink);
    assertThat(watermarks(progress)).containsExactly("00:00:00", "23:59:48", "23:59:48", "23:59:48", "00:00:20",
        "00:00:20", "00:00:40", "00:00:40", "00:01:15");
    // The memory sink keeps every update: Spark's rows of each batch, gathered.
    assertThat(sink).containsExactly(
        "([00:00:00, 00:00:10], 3), ([00:00:30, 00:00:40], 1)",
        "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 1)",
        "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), ([00:00:30, 00:00:40], 1), "
            + "([00:00:40, 00:00:50], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1)",
        "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), "
            + "([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), "
            + "([00:01:00, 00:01:10], 2)",
        "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), "
            + "([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 1), ([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), "
            + "([00:01:00, 00:01:10], 2), ([00:01:30, 00:01:40], 2)");
  }

  @Test
  void inCompleteModeEveryBatchEmitsTheWholeTableAndNoBatchRunsWithoutInput() {
    List<String> sink = new ArrayList<>();
    List<StreamingQueryProgress> progress = run("min", "complete", sink);
    assertThat(watermarks(progress)).containsExactly("00:00:00", "23:59:48", "23:59:48", "00:00:20", "00:00:40");
    assertThat(sink).containsExactlyElementsOf(UnionWatermarkFacts.COMPLETE);
  }
}
