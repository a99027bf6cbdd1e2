package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.current_timestamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stateless query from the memory source to the memory sink, across stops, restarts and a lost commit. */
class EndToEndTest {
  @TempDir Path dir;

  private final String input = "in-" + UUID.randomUUID();
  private final String output = "out-" + UUID.randomUUID();
  private MemoryStream stream;
  private MillraceSession session;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("id LONG, name STRING"));
    session = MillraceSession.builder().build();
  }

  @AfterEach
  void tearDown() {
    session.close();
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private StreamingQuery start(MillraceSession s) {
    return s.readStream().format("memory").option("name", input).load()
        .filter(col("id").mod(2).equalTo(0))
        .withColumn("upper", io.millrace.api.functions.upper(col("name")))
        .writeStream().format("memory").option("name", output)
        .option("checkpointLocation", dir.resolve("ckpt").toString())
        .start();
  }

  private void addBatch(long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(Row.of(i, "n" + i));
    }
    stream.addData(rows);
  }

  private List<Long> outputIds() {
    return MemorySinkTable.get(output).rows().stream().map(r -> r.getLong(0)).collect(Collectors.toList());
  }

  @Test
  void threeBatchesThenRestartGivesEveryRowOnce() {
    StreamingQuery query = start(session);
    for (int b = 0; b < 3; b++) {
      addBatch(b * 10L, b * 10L + 10);
      query.processAllAvailable();
    }
    query.stop();
    assertThat(query.lastProgress().batchId()).isEqualTo(2);
    assertThat(outputIds()).containsExactly(0L, 2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L, 22L, 24L, 26L, 28L);
    assertThat(MemorySinkTable.get(output).rows().get(1)).isEqualTo(Row.of(2L, "n2", "N2"));

    StreamingQuery again = start(session);
    assertThat(again.id()).isEqualTo(query.id());
    assertThat(again.runId()).isNotEqualTo(query.runId());
    addBatch(30, 34);
    again.processAllAvailable();
    again.stop();
    assertThat(again.lastProgress().batchId()).isEqualTo(3);
    assertThat(outputIds()).containsExactly(0L, 2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L, 22L, 24L, 26L, 28L, 30L, 32L);
    assertThat(again.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
  }

  @Test
  void lostCommitRunsTheBatchAgainOverTheSameOffsetsAndTheSinkKeepsEachRowOnce() throws Exception {
    StreamingQuery query = start(session);
    for (int b = 0; b < 3; b++) {
      addBatch(b * 10L, b * 10L + 10);
      query.processAllAvailable();
    }
    query.stop();
    String offsets2 = Files.readString(dir.resolve("ckpt/offsets/2"));
    // The crash after the sink wrote batch 2 and before commits/2.
    Files.delete(dir.resolve("ckpt/commits/2"));
    addBatch(30, 40); // arrives while stopped; must not join the replayed batch

    List<StreamingQueryProgress> seen = new CopyOnWriteArrayList<>();
    session.streams().addListener(new StreamingQueryListener() {
      @Override
      public void onQueryProgress(QueryProgressEvent event) {
        seen.add(event.progress());
      }
    });
    StreamingQuery again = start(session);
    again.processAllAvailable();
    again.stop();

    assertThat(seen).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L);
    assertThat(seen.get(0).sources().get(0).startOffset()).isEqualTo("20");
    assertThat(seen.get(0).sources().get(0).endOffset()).isEqualTo("30");
    assertThat(Files.readString(dir.resolve("ckpt/offsets/2"))).isEqualTo(offsets2);
    assertThat(MemorySinkTable.get(output).skippedBatches()).isEqualTo(1);
    assertThat(outputIds()).containsExactly(0L, 2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L, 22L, 24L, 26L, 28L,
        30L, 32L, 34L, 36L, 38L);
  }

  @Test
  void aCrashBeforeTheCommitLogFailsTheQueryAndTheRestartWritesEachRowOnce() {
    io.millrace.spi.fault.FaultInjector crash = (point, batch) -> {
      if (point == io.millrace.spi.fault.FaultPoint.BEFORE_COMMIT_LOG && batch == 1) {
        throw new IllegalStateException("simulated crash before commits/1");
      }
    };
    try (MillraceSession crashing = MillraceSession.builder().faultInjector(crash).build()) {
      StreamingQuery q = start(crashing);
      addBatch(0, 4);
      q.processAllAvailable();
      addBatch(4, 8);
      assertThatThrownBy(q::processAllAvailable)
          .hasMessageContaining("failed in batch 1")
          .hasMessageContaining("simulated crash before commits/1");
      assertThat(q.isActive()).isFalse();
    }
    assertThat(dir.resolve("ckpt/commits/1")).doesNotExist();
    StreamingQuery again = start(session);
    again.processAllAvailable();
    again.stop();
    assertThat(MemorySinkTable.get(output).skippedBatches()).isEqualTo(1);
    assertThat(outputIds()).containsExactly(0L, 2L, 4L, 6L);
  }

  @Test
  void replayedBatchSeesTheRecordedTimestamp() throws Exception {
    List<Long> stamps = new CopyOnWriteArrayList<>();
    Runnable run = () -> {
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .withColumn("now", current_timestamp())
          .writeStream().foreachBatch((batch, id) -> batch.collectAsList().forEach(r -> stamps.add(r.getLong(2))))
          .option("checkpointLocation", dir.resolve("ts").toString()).start();
      q.processAllAvailable();
      q.stop();
    };
    addBatch(0, 1);
    run.run();
    Files.delete(dir.resolve("ts/commits/0"));
    Thread.sleep(20);
    run.run();
    assertThat(stamps).hasSize(2);
    assertThat(stamps.get(1)).isEqualTo(stamps.get(0));
    long recordedMs = new ObjectMapper().readTree(Files.readAllLines(dir.resolve("ts/offsets/0")).get(1))
        .get("batchTimestampMs").asLong();
    assertThat(stamps.get(0)).isEqualTo(recordedMs * 1000);
  }

  @Test
  void pinnedSettingsWinOnRestartAndTheOverrideIsReported() {
    try (MillraceSession first = MillraceSession.builder().config("millrace.shuffle.partitions", "3").build()) {
      StreamingQuery q = start(first);
      addBatch(0, 2);
      q.processAllAvailable();
      q.stop();
    }
    List<Map<String, String>> overrides = new CopyOnWriteArrayList<>();
    try (MillraceSession second = MillraceSession.builder().config("millrace.shuffle.partitions", "9").build()) {
      second.streams().addListener(new StreamingQueryListener() {
        @Override
        public void onQueryStarted(QueryStartedEvent event) {
          overrides.add(event.overriddenSettings());
        }
      });
      MicroBatchExecution q = (MicroBatchExecution) start(second);
      q.stop();
      assertThat(q.pinnedSettings()).containsEntry("millrace.shuffle.partitions", "3");
    }
    assertThat(overrides).hasSize(1);
    assertThat(overrides.get(0)).containsEntry("millrace.shuffle.partitions", "3 (session asked for 9)");
  }

  @Test
  void oldLogEntriesArePurgedBeyondMinBatchesToRetain() throws Exception {
    try (MillraceSession s = MillraceSession.builder().config("millrace.minBatchesToRetain", "2").build()) {
      StreamingQuery q = start(s);
      for (int b = 0; b < 6; b++) {
        addBatch(b, b + 1L);
        q.processAllAvailable();
      }
      q.stop();
    }
    assertThat(names(dir.resolve("ckpt/offsets"))).containsExactly("3", "4", "5");
    assertThat(names(dir.resolve("ckpt/commits"))).containsExactly("3", "4", "5");
  }

  @Test
  void progressUsesSparkFieldNamesAndStatesTheGuarantee() throws Exception {
    StreamingQuery q = start(session);
    addBatch(0, 4);
    q.processAllAvailable();
    q.stop();
    JsonNode json = new ObjectMapper().readTree(q.lastProgress().json());
    assertThat(json.get("id").asText()).isEqualTo(q.id());
    assertThat(json.get("runId").asText()).isEqualTo(q.runId());
    assertThat(json.get("batchId").asLong()).isZero();
    assertThat(json.get("numInputRows").asLong()).isEqualTo(4);
    assertThat(json.get("durationMs").fieldNames()).toIterable()
        .contains("latestOffset", "walCommit", "queryPlanning", "getBatch", "addBatch", "commitOffsets", "triggerExecution");
    assertThat(json.get("sources").get(0).get("endOffset").asLong()).isEqualTo(4);
    assertThat(json.get("sink").get("numOutputRows").asLong()).isEqualTo(2);
    assertThat(json.get("deliveryGuarantee").asText()).isEqualTo("exactly-once");
    assertThat(q.recentProgress()).hasSize(1);
  }

  @Test
  void foreachBatchIsAtLeastOnceAndRecentProgressIsBounded() {
    try (MillraceSession s = MillraceSession.builder().config("millrace.streaming.numRecentProgressUpdates", "2").build()) {
      StreamingQuery q = s.readStream().format("memory").option("name", input).load()
          .writeStream().foreachBatch((batch, id) -> { })
          .option("checkpointLocation", dir.resolve("fb").toString()).start();
      for (int b = 0; b < 4; b++) {
        addBatch(b, b + 1L);
        q.processAllAvailable();
      }
      q.stop();
      assertThat(q.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
      assertThat(q.recentProgress()).extracting(StreamingQueryProgress::batchId).containsExactly(2L, 3L);
    }
  }

  @Test
  void onceAndAvailableNowStopByThemselves() {
    addBatch(0, 10);
    StreamingQuery once = session.readStream().format("memory").option("name", input).option("maxRowsPerTrigger", "3")
        .load().writeStream().format("memory").option("name", output).trigger(Trigger.once())
        .option("checkpointLocation", dir.resolve("once").toString()).start();
    once.awaitTermination();
    assertThat(outputIds()).containsExactly(0L, 1L, 2L);

    StreamingQuery all = session.readStream().format("memory").option("name", input).option("maxRowsPerTrigger", "3")
        .load().writeStream().format("memory").option("name", output).trigger(Trigger.availableNow())
        .option("checkpointLocation", dir.resolve("once").toString()).start();
    addBatch(10, 12); // after start: not part of this available-now run
    all.awaitTermination();
    assertThat(all.lastProgress().batchId()).isEqualTo(3);
    assertThat(outputIds()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
  }

  private static List<String> names(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().collect(Collectors.toList());
    }
  }
}
