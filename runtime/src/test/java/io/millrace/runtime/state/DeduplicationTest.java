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
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeduplicationTest {
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
        .config("millrace.exchange.encoded", String.valueOf(encodedExchange()));
  }

  @TempDir Path dir;

  private final String input = "dd-in-" + UUID.randomUUID();
  private final String output = "dd-out-" + UUID.randomUUID();
  private MemoryStream stream;
  /** The output mode of the next {@link #run}: a deduplication writes in append or update mode. */
  private String mode = "append";
  /** At most this many rows per batch: each run of the Spark query read one file of rows per batch. */
  private int maxRowsPerTrigger = 1000;

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

  /** Adds a row; a {@code null} time is a row whose event time is NULL. */
  private void add(String id, String time) {
    stream.addData(Row.of(id, time == null ? null : at(time)));
  }

  private List<Row> rows() {
    return MemorySinkTable.get(output).rows();
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
      StreamingQuery q = query.apply(session.readStream().format("memory").option("name", input)
              .option("maxRowsPerTrigger", String.valueOf(maxRowsPerTrigger)).load())
          .writeStream().format("memory").option("name", output).outputMode(mode).trigger(Trigger.availableNow())
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      q.awaitTermination();
      return q.recentProgress();
    }
  }

  private List<String> ids() {
    return MemorySinkTable.get(output).rows().stream().map(r -> r.getString(0)).toList();
  }

  /** As Spark 4.0.1 ran dropDuplicates("id") on these rows, one batch per run, in append and update mode. */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void dropDuplicatesKeepsTheFirstRowOfEachKeyAcrossBatchesAndRestarts(String mode) {
    this.mode = mode;
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

  /**
   * As Spark 4.0.1 ran it, in append and update mode: batch 0 emits (a, 12:00) and (b, 12:30), a
   * no-data batch at 12:20 removes (a, 12:00); batch 2 emits (c, 12:31) with
   * numRowsDroppedByWatermark 1, numDroppedDuplicateRows 1 and numRowsTotal 2.
   */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void withTheEventTimeInTheKeyOldKeysAreForgottenAndLateRowsDropped(String mode) {
    this.mode = mode;
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id", "ts");
    add("a", "12:00");
    add("a", "12:00");
    add("b", "12:30");
    runOnce(query); // watermark becomes 12:20 and a no-data batch evicts (a, 12:00)
    add("a", "12:00"); // late: at or before the watermark
    add("c", "12:31");
    add("b", "12:30"); // a copy of a key kept
    StateOperatorProgress last = runOnce(query);
    assertThat(ids()).containsExactly("a", "b", "c");
    assertThat(last.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(last.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(last.numRowsTotal()).isEqualTo(2); // (b, 12:30) and (c, 12:31); (a, 12:00) was evicted
  }

  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void theWatermarkEvictsExactlyTheKeysAtOrBeforeItWhateverTheirIdOrder(String mode) {
    this.mode = mode;
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

  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void stateWrittenWithTheKeyInCallOrderKeepsThatOrderAndStillEvicts(String mode) {
    this.mode = mode;
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

  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void dropDuplicatesWithinWatermarkForgetsAKeyOnceNoCopyCanArriveOnTime(String mode) {
    this.mode = mode;
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

  /**
   * Spark 4.0.1 ran withWatermark("ts", "10 minutes").dropDuplicatesWithinWatermark("id") over a
   * JSON file source, two rows a file and one file a batch (maxFilesPerTrigger 1), with a new
   * Trigger.AvailableNow start per run, in append and in update mode alike: batch 0 emitted
   * (a, 12:00) and dropped 1 copy; batch 1 had no input (watermark 11:55); batch 2 emitted
   * (y, 12:10) and (z, 12:30); batch 3, at watermark 12:20, dropped the copy (a, 12:25) though
   * a's key (12:00 + 10 minutes) expires at that watermark, emitted (b, 12:22), then removed a
   * and y (numRowsRemoved 2, numRowsTotal 2, numRowsDroppedByWatermark 0); batch 4 emitted
   * (a, 12:26), dropped (b, 12:23), numRowsTotal 3.
   */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void withinWatermarkTestsABatchsRowsBeforeItsWatermarkForgetsTheirKeys(String mode) {
    this.mode = mode;
    maxRowsPerTrigger = 2;
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicatesWithinWatermark("id");
    add("a", "12:00");
    add("a", "12:05");
    List<StreamingQueryProgress> first = run(query);
    assertThat(first).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L);
    assertThat(first.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(first.get(1).eventTime()).containsEntry("watermark", "2026-11-30T11:55:00.000Z");
    add("z", "12:30");
    add("y", "12:10");
    add("a", "12:25"); // a copy in the batch whose watermark expires a's key
    add("b", "12:22");
    List<StreamingQueryProgress> second = run(query);
    assertThat(second).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L);
    assertThat(second.get(1).eventTime()).containsEntry("watermark", "2026-11-30T12:20:00.000Z");
    StateOperatorProgress moved = second.get(1).stateOperators().get(0);
    assertThat(moved.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(moved.numRowsDroppedByWatermark()).isZero();
    assertThat(moved.numRowsUpdated()).isEqualTo(1);
    assertThat(moved.numRowsRemoved()).isEqualTo(2);
    assertThat(moved.numRowsTotal()).isEqualTo(2);
    add("a", "12:26"); // a is forgotten now: kept
    add("b", "12:23");
    List<StreamingQueryProgress> third = run(query);
    assertThat(third).extracting(StreamingQueryProgress::batchId).containsExactly(4L);
    assertThat(third.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(third.get(0).stateOperators().get(0).numRowsTotal()).isEqualTo(3);
    assertThat(MemorySinkTable.get(output).rows()).containsExactlyInAnyOrder(Row.of("a", at("12:00")),
        Row.of("y", at("12:10")), Row.of("z", at("12:30")), Row.of("b", at("12:22")), Row.of("a", at("12:26")));
  }

  /**
   * Spark 4.0.1 ran withWatermark("ts", "10 minutes").dropDuplicatesWithinWatermark("id") over a
   * JSON file source, one file a batch, a new Trigger.AvailableNow start per step, alike in
   * append and update mode. A NULL event time counts as 1970-01-01 (the row's key expires at
   * 00:10 that day): batch 0 [(n, null), (n, 12:00), (a, 12:00), (m, null), (m, null)] emitted
   * (a, 12:00), (m, null), (n, null), numDroppedDuplicateRows 2, numRowsTotal 3; no-data batch 1
   * at watermark 11:50 removed n and m (numRowsRemoved 2, numRowsTotal 1); batch 2 [(n, 12:01),
   * (m, null)] emitted both and removed m's key in the same batch (numRowsUpdated 2,
   * numRowsRemoved 1, numRowsTotal 2); no-data batch 3 at 11:51; batch 4 [(n, null)] dropped it as
   * a copy of (n, 12:01), numDroppedDuplicateRows 1, numRowsTotal 2. No row was counted late.
   */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void withinWatermarkRemembersTheKeyOfARowWithANullTimeAsIfItWereAtTheEpoch(String mode) {
    this.mode = mode;
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicatesWithinWatermark("id");
    add("n", null);
    add("n", "12:00");
    add("a", "12:00");
    add("m", null);
    add("m", null);
    List<StreamingQueryProgress> first = run(query);
    assertThat(first).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L);
    StateOperatorProgress data = first.get(0).stateOperators().get(0);
    assertThat(data.customMetrics()).containsEntry("numDroppedDuplicateRows", 2L)
        .as("Millrace counts the rows whose time is null").containsEntry("numRowsWithNullEventTime", 3L);
    assertThat(data.numRowsTotal()).isEqualTo(3);
    assertThat(data.numRowsDroppedByWatermark()).isZero();
    StateOperatorProgress evicting = first.get(1).stateOperators().get(0);
    assertThat(evicting.numRowsRemoved()).isEqualTo(2);
    assertThat(evicting.numRowsTotal()).isEqualTo(1);
    assertThat(rows()).containsExactlyInAnyOrder(Row.of("n", null), Row.of("a", at("12:00")), Row.of("m", null));
    add("n", "12:01");
    add("m", null);
    List<StreamingQueryProgress> second = run(query);
    assertThat(second).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L);
    StateOperatorProgress both = second.get(0).stateOperators().get(0);
    assertThat(both.customMetrics()).containsEntry("numRowsWithNullEventTime", 1L);
    assertThat(both.numRowsUpdated()).isEqualTo(2);
    assertThat(both.numRowsRemoved()).isEqualTo(1);
    assertThat(both.numRowsTotal()).isEqualTo(2);
    assertThat(second.get(1).eventTime()).containsEntry("watermark", "2026-11-30T11:51:00.000Z");
    add("n", null); // a copy of (n, 12:01), whose key is remembered until 12:11
    List<StreamingQueryProgress> third = run(query);
    assertThat(third).extracting(StreamingQueryProgress::batchId).containsExactly(4L);
    assertThat(third.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(third.get(0).stateOperators().get(0).numRowsTotal()).isEqualTo(2);
    assertThat(rows()).containsExactlyInAnyOrder(Row.of("n", null), Row.of("a", at("12:00")), Row.of("m", null),
        Row.of("n", at("12:01")), Row.of("m", null));
  }

  /**
   * Spark 4.0.1, withWatermark("ts", "10 minutes").dropDuplicates("id", "ts"), alike in append
   * and update mode: batch 0 [(a, null), (a, null), (a, 12:00), (b, 12:30)] emitted (a, null),
   * (a, 12:00), (b, 12:30), numDroppedDuplicateRows 1; no-data batch 1 at 12:20 removed (a, 12:00)
   * only: a key whose time is null is never expired (numRowsTotal 2); batch 2 [(a, null),
   * (a, 12:00), (c, 12:31)] dropped (a, null) as a duplicate, not as late, and (a, 12:00) as
   * late: numDroppedDuplicateRows 1, numRowsDroppedByWatermark 1, emitted (c, 12:31),
   * numRowsTotal 3; no-data batch 3 at 12:21 removed nothing.
   */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void aKeyWhoseEventTimeIsNullIsKeptAndNeverExpires(String mode) {
    this.mode = mode;
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id", "ts");
    add("a", null);
    add("a", null);
    add("a", "12:00");
    add("b", "12:30");
    List<StreamingQueryProgress> first = run(query);
    assertThat(first).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L);
    assertThat(first.get(0).stateOperators().get(0).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(first.get(1).stateOperators().get(0).numRowsRemoved()).isEqualTo(1);
    assertThat(first.get(1).stateOperators().get(0).numRowsTotal()).isEqualTo(2);
    add("a", null);
    add("a", "12:00");
    add("c", "12:31");
    List<StreamingQueryProgress> second = run(query);
    assertThat(second).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L);
    StateOperatorProgress data = second.get(0).stateOperators().get(0);
    assertThat(data.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(data.numRowsDroppedByWatermark()).isEqualTo(1);
    assertThat(data.numRowsTotal()).isEqualTo(3);
    assertThat(second.get(1).stateOperators().get(0).numRowsRemoved()).isZero();
    assertThat(second.get(1).stateOperators().get(0).numRowsTotal()).isEqualTo(3);
    assertThat(rows()).containsExactlyInAnyOrder(Row.of("a", null), Row.of("a", at("12:00")), Row.of("b", at("12:30")),
        Row.of("c", at("12:31")));
  }

  /**
   * Spark 4.0.1, withWatermark("ts", "10 minutes").dropDuplicates("id"), alike in append and
   * update mode: batch 0 [(a, null), (a, 12:00), (b, null)] emitted (a, null) and (b, null),
   * numDroppedDuplicateRows 1; batch 2 [(b, 12:01), (c, null)] emitted (c, null),
   * numDroppedDuplicateRows 1, numRowsTotal 3. (Spark also ran batches 1 and 3 without input,
   * which removed nothing; Millrace runs none where the watermark cannot evict, so its batches
   * are 0 and 1.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"append", "update"})
  void aNullEventTimeOutsideTheKeyIsAnOrdinaryValue(String mode) {
    this.mode = mode;
    UnaryOperator<Dataset> query = in -> in.withWatermark("ts", "10 minutes").dropDuplicates("id");
    add("a", null);
    add("a", "12:00");
    add("b", null);
    assertThat(runOnce(query).customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    add("b", "12:01");
    add("c", null);
    StateOperatorProgress second = runOnce(query);
    assertThat(second.customMetrics()).containsEntry("numDroppedDuplicateRows", 1L);
    assertThat(second.numRowsTotal()).isEqualTo(3);
    assertThat(rows()).containsExactlyInAnyOrder(Row.of("a", null), Row.of("b", null), Row.of("c", null));
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
