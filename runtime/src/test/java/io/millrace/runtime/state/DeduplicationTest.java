package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.plugins.source.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeduplicationTest {
  /** The state store these tests run on; a subclass runs them all on another. */
  String provider() {
    return "hdfs";
  }

  MillraceSession.Builder builder() {
    return MillraceSession.builder().config("millrace.state.provider", provider());
  }

  @TempDir Path dir;

  private final String input = "dd-in-" + UUID.randomUUID();
  private final String output = "dd-out-" + UUID.randomUUID();
  private MemoryStream stream;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("id STRING, ts TIMESTAMP"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private static long at(String hhmm) {
    return Instant.parse("2026-11-30T" + hhmm + ":00Z").toEpochMilli() * 1000;
  }

  private void add(String id, String time) {
    stream.addData(Row.of(id, at(time)));
  }

  /**
   * Runs the query once over what is available (a new start on the same checkpoint each time)
   * and returns its first batch's operator figures (later ones are no-data batches).
   */
  private StateOperatorProgress runOnce(UnaryOperator<Dataset> query) {
    return run(query).get(0).stateOperators().get(0);
  }

  private List<StreamingQueryProgress> run(UnaryOperator<Dataset> query) {
    try (MillraceSession session = builder().build()) {
      StreamingQuery q = query.apply(session.readStream().format("memory").option("name", input).load())
          .writeStream().format("memory").option("name", output).trigger(Trigger.availableNow())
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      q.awaitTermination();
      return q.recentProgress();
    }
  }

  private List<String> ids() {
    return MemorySinkTable.get(output).rows().stream().map(r -> r.getString(0)).toList();
  }

  @Test
  void dropDuplicatesKeepsTheFirstRowOfEachKeyAcrossBatchesAndRestarts() {
    add("a", "12:00");
    add("b", "12:00");
    add("a", "12:01");
    StateOperatorProgress first = runOnce(in -> in.dropDuplicates("id"));
    assertThat(first.operatorName()).isEqualTo("dedupe");
    assertThat(first.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    add("b", "12:02");
    add("c", "12:02");
    runOnce(in -> in.dropDuplicates("id"));
    assertThat(ids()).containsExactly("a", "b", "c");
  }

  @Test
  void withTheEventTimeInTheKeyOldKeysAreForgottenAndLateRowsDropped() {
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id", "ts");
    add("a", "12:00");
    add("a", "12:00");
    add("b", "12:30");
    runOnce(query); // watermark becomes 12:20 and a no-data batch evicts (a, 12:00)
    add("a", "12:00"); // late: at or before the watermark
    add("c", "12:31");
    StateOperatorProgress last = runOnce(query);
    assertThat(ids()).containsExactly("a", "b", "c");
    assertThat(last.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(last.numRowsTotal()).isEqualTo(2); // (b, 12:30) and (c, 12:31); (a, 12:00) was evicted
  }

  @Test
  void theWatermarkEvictsExactlyTheKeysAtOrBeforeItWhateverTheirIdOrder() {
    // The state keeps the event time first and evicts by key ranges: the ids here sort in
    // another order than the times, and one key sits exactly on the watermark.
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id", "ts");
    add("z", "12:00");
    add("a", "12:05");
    add("m", "12:15");
    add("a", "12:05");
    add("e", "12:30");
    add("b", "12:40");
    List<StreamingQueryProgress> first = run(query); // the no-data batch's watermark is 12:30
    assertThat(first.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    StateOperatorProgress evicting = first.get(first.size() - 1).stateOperators().get(0);
    assertThat(evicting.numRowsRemoved()).isEqualTo(4);
    assertThat(evicting.numRowsTotal()).isEqualTo(1);
    assertThat(evicting.customMetrics()).as("the eviction removed key ranges, reading no key that stays")
        .containsEntry("numKeysScannedToEvict", 0L);
    add("a", "12:05"); // late
    add("c", "12:41");
    add("b", "12:40"); // a copy of the key kept
    List<StreamingQueryProgress> second = run(query);
    StateOperatorProgress data = second.get(0).stateOperators().get(0);
    assertThat(data.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(data.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(second.get(second.size() - 1).stateOperators().get(0).numRowsTotal()).isEqualTo(2);
    assertThat(ids()).containsExactlyInAnyOrder("z", "a", "m", "e", "b", "c");
  }

  @Test
  void stateWrittenWithTheKeyInCallOrderKeepsThatOrderAndStillEvicts() {
    // Without a watermark the key keeps the call's order (id, ts): the layout earlier builds
    // wrote for every dropDuplicates. Adding the watermark later must not make that state
    // unreadable; the old order stays, and eviction scans every key.
    add("a", "12:00");
    add("b", "12:40");
    run(in -> in.dropDuplicates("id", "ts"));
    UnaryOperator<Dataset> watermarked = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id", "ts");
    add("a", "12:00"); // a copy of a key in the old state: dropped
    add("c", "12:41");
    List<StreamingQueryProgress> second = run(watermarked); // the no-data batch's watermark is 12:31
    assertThat(second.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    StateOperatorProgress evicting = second.get(second.size() - 1).stateOperators().get(0);
    assertThat(evicting.numRowsRemoved()).isEqualTo(1);
    assertThat(evicting.numRowsTotal()).isEqualTo(2);
    assertThat(evicting.customMetrics().get("numKeysScannedToEvict")).isEqualTo(3L);
    assertThat(ids()).containsExactlyInAnyOrder("a", "b", "c");
  }

  @Test
  void dropDuplicatesWithinWatermarkForgetsAKeyOnceNoCopyCanArriveOnTime() {
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicatesWithinWatermark("id");
    add("a", "12:00");
    add("a", "12:05"); // a copy within the delay: dropped
    runOnce(query);
    add("a", "12:08"); // still within 12:00 + 10 minutes of the first: dropped
    add("z", "12:30"); // moves the watermark to 12:20, past a's 12:10 expiry
    runOnce(query);
    add("a", "12:25"); // a is forgotten: kept
    StateOperatorProgress last = runOnce(query);
    assertThat(ids()).containsExactly("a", "z", "a");
    assertThat(last.operatorName()).isEqualTo("dedupeWithinWatermark");
  }

  @Test
  void withinWatermarkNeedsAWatermarkAndCompleteModeIsRefused() {
    try (MillraceSession session = builder().build()) {
      assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
          .dropDuplicatesWithinWatermark("id").writeStream().format("memory").option("name", output).start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("needs withWatermark");
      assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
          .dropDuplicates("id").writeStream().format("memory").option("name", output).outputMode("complete").start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("complete");
      assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
          .dropDuplicates("nope").writeStream().format("memory").option("name", output).start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("'nope'");
    }
  }
}
