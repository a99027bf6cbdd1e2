package io.millrace.runtime.state;

import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.sum;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.assertOnQuery;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkAnswerInOrder;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.processAllAvailable;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** groupBy(..).agg(..) from the memory source to the memory sink, with state in the default store. */
class StreamingAggregationTest {
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

  private final String input = "agg-in-" + UUID.randomUUID();
  private final String output = "agg-out-" + UUID.randomUUID();
  private MemoryStream stream;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("key STRING, amount LONG"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private StreamingQuery start(MillraceSession session, String mode, UnaryOperator<Dataset> query) {
    return query.apply(session.readStream().format("memory").option("name", input).option("numPartitions", "3").load())
        .writeStream().format("memory").option("name", output).outputMode(mode)
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }

  /** The stream, read in three partitions. */
  private Dataset source(MillraceSession session) {
    return stream.readStream(session).option("numPartitions", "3").load();
  }

  private static Dataset countAndSum(Dataset in) {
    return in.groupBy("key").agg(count("*").as("n"), sum("amount").as("total"), max(col("amount")), avg("amount"));
  }

  private void add(String key, long amount) {
    stream.addData(Row.of(key, amount));
  }

  private List<Row> sorted(List<Row> rows) {
    List<Row> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparing(Row::toString));
    return copy;
  }

  @Test
  void updateModeEmitsTheGroupsEachBatchChangedAndKeepsStateAcrossRestarts() {
    try (MillraceSession session = builder().build()) {
      testStream(countAndSum(source(session)), OutputMode.UPDATE).run(
          addData(stream, Row.of("a", 1L), Row.of("b", 10L), Row.of("a", 3L)),
          checkAnswer(Row.of("a", 2L, 4L, 3L, 2.0), Row.of("b", 1L, 10L, 10L, 10.0)),
          execute("the operator's figures", q -> {
            StateOperatorProgress state = q.lastProgress().stateOperators().get(0);
            assertThat(state.operatorName()).isEqualTo("stateStoreSave");
            assertThat(state.numRowsTotal()).isEqualTo(2);
            assertThat(state.numRowsUpdated()).isEqualTo(2);
            assertThat(state.memoryUsedBytes()).isPositive();
            assertThat(state.numShufflePartitions()).isEqualTo(4);
          }),
          stopStream(),
          startStream(),
          addData(stream, Row.of("a", 5L)),
          checkLastBatch(Row.of("a", 3L, 9L, 5L, 3.0)),
          assertOnQuery(q -> q.lastProgress().stateOperators().get(0).numRowsTotal() == 2, "both groups are in the state"));
    }
  }

  @Test
  void aRestartWithNoNewInputCleansUpWhatADeadProcessLeftHalfWrittenInEveryStateDirectory() throws Exception {
    try (MillraceSession session = builder().build()) {
      StreamingQuery q = start(session, "update", in -> in.groupBy("key").count());
      add("a", 1);
      add("b", 1);
      add("c", 1);
      q.processAllAvailable();
      q.stop();
    }
    // What a process halted while writing a snapshot leaves: a hidden temporary file.
    List<Path> leftovers = new ArrayList<>();
    try (java.util.stream.Stream<Path> dirs = java.nio.file.Files.list(dir.resolve("ckpt/state/0"))) {
      for (Path partition : (Iterable<Path>) dirs.filter(java.nio.file.Files::isDirectory)::iterator) {
        leftovers.add(java.nio.file.Files.writeString(partition.resolve(".9.snapshot." + UUID.randomUUID() + ".tmp"),
            "half a snapshot"));
      }
    }
    assertThat(leftovers).isNotEmpty();

    try (MillraceSession session = builder().build()) {
      StreamingQuery q = start(session, "update", in -> in.groupBy("key").count());
      q.processAllAvailable(); // no new input: no batch runs
      q.stop();
    }
    assertThat(leftovers).noneMatch(java.nio.file.Files::exists);
  }

  @Test
  void sumsKeepTheirFirstValueAsItIsAndManyAggregatesKeepTheirNullsApart() {
    MemoryStream doubles = MemoryStream.create(input + "-d", Schema.parse("key STRING, x DOUBLE, n LONG"));
    try (MillraceSession session = builder().build()) {
      List<io.millrace.api.Column> aggregates = new ArrayList<>();
      aggregates.add(sum("x").as("sx"));
      for (int i = 0; i < 70; i++) {
        // 70 sums of n: more null flags than one 64-bit word holds; the even ones see only nulls.
        aggregates.add(sum(i % 2 == 0 ? "x" : "n").as("s" + i));
      }
      StreamingQuery q = session.readStream().format("memory").option("name", input + "-d")
          .option("numPartitions", "3").load()
          .groupBy("key").agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new io.millrace.api.Column[0]))
          .writeStream().format("memory").option("name", output).outputMode("complete")
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      doubles.addData(Row.of("neg", -0.0, null), Row.of("nulls", null, 5L));
      q.processAllAvailable();
      doubles.addData(Row.of("nulls", null, 7L));
      q.processAllAvailable();
      q.stop();
      for (Row r : MemorySinkTable.get(output).rows()) {
        if (r.getString(0).equals("neg")) {
          assertThat(Double.doubleToRawLongBits(r.getDouble(1))).as("sum of -0.0 alone")
              .isEqualTo(Double.doubleToRawLongBits(-0.0));
          assertThat(r.get(3)).as("sum of n, which is null in the row of 'neg'").isNull();
        } else {
          assertThat(r.get(1)).as("sum of x over nulls only").isNull();
          for (int i = 0; i < 70; i++) {
            assertThat(r.get(2 + i)).as("s" + i).isEqualTo(i % 2 == 0 ? null : 12L);
          }
        }
      }
      assertThat(MemorySinkTable.get(output).rows()).hasSize(2);
    } finally {
      MemoryStream.remove(input + "-d");
    }
  }

  @Test
  void completeModeEmitsTheWholeResultEveryBatch() {
    try (MillraceSession session = builder().build()) {
      testStream(source(session).groupBy("key").count(), OutputMode.COMPLETE).run(
          addData(stream, Row.of("a", 1L), Row.of("b", 1L)),
          processAllAvailable(),
          addData(stream, Row.of("a", 1L)),
          checkAnswer(Row.of("a", 2L), Row.of("b", 1L)));
    }
  }

  @Test
  void appendModeWithoutAWatermarkIsRefusedWithTheReason() {
    try (MillraceSession session = builder().build()) {
      assertThatThrownBy(() -> start(session, "append", in -> in.groupBy("key").count()))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("append")
          .hasMessageContaining("withWatermark");
    }
  }

  @Test
  void aRestartThatChangesTheAggregateOrTheGroupingFailsWithTheSchemaMessage() {
    try (MillraceSession session = builder().build()) {
      StreamingQuery q = start(session, "update", in -> in.groupBy("key").count());
      add("a", 1);
      q.processAllAvailable();
      q.stop();
      assertThatThrownBy(() -> start(session, "update", in -> in.groupBy("key").sum("amount")))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("stateStoreSave")
          .hasMessageContaining("value schema")
          .hasMessageContaining("count LONG NOT NULL")
          .hasMessageContaining("sum(amount) LONG");
      assertThatThrownBy(() -> start(session, "update", in -> in.withColumn("other", col("key")).groupBy("other").count()))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("key schema")
          .hasMessageContaining("was 'key STRING' and is now 'other STRING'");
      StreamingQuery filtered = start(session, "update", in -> in.filter("amount > 0").groupBy("key").count());
      add("a", 2);
      filtered.processAllAvailable();
      filtered.stop();
      List<Row> rows = MemorySinkTable.get(output).rows();
      assertThat(rows.get(rows.size() - 1)).isEqualTo(Row.of("a", 2L));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4, 16})
  void resultsAreTheSameForAnyNumberOfPartitions(int partitions) {
    try (MillraceSession session = builder().config("millrace.shuffle.partitions", partitions).build()) {
      StreamingQuery q = start(session, "complete", StreamingAggregationTest::countAndSum);
      for (int i = 0; i < 200; i++) {
        add("k" + (i % 37), i);
      }
      q.processAllAvailable();
      q.stop();
      List<Row> rows = sorted(MemorySinkTable.get(output).rows());
      assertThat(rows).hasSize(37);
      assertThat(rows.get(0)).isEqualTo(Row.of("k0", 6L, 0L + 37 + 74 + 111 + 148 + 185, 185L, (0 + 37 + 74 + 111 + 148 + 185) / 6.0));
      assertThat(q.lastProgress().stateOperators().get(0).numStateStoreInstances()).isEqualTo(partitions);
    }
  }

  @Test
  void aCrashBetweenTheStateCommitAndTheCommitLogReplaysToTheSameResult() {
    AtomicBoolean crashed = new AtomicBoolean();
    io.millrace.spi.fault.FaultInjector crashOnce = (point, batch) -> {
      if (point == FaultPoint.AFTER_SINK_WRITE && batch == 1 && crashed.compareAndSet(false, true)) {
        throw new IllegalStateException("simulated crash after the sink wrote batch 1");
      }
    };
    try (MillraceSession session = builder().faultInjector(crashOnce).build()) {
      testStream(source(session).groupBy("key").count(), OutputMode.UPDATE).run(
          addData(stream, Row.of("a", 1L)),
          processAllAvailable(),
          addData(stream, Row.of("a", 1L)),
          expectFailure(IllegalStateException.class, "simulated crash"),
          startStream(),
          addData(stream, Row.of("a", 1L)),
          // Batch 1 ran again from state version 1, not from the version it had already committed.
          checkAnswerInOrder(Row.of("a", 1L), Row.of("a", 2L), Row.of("a", 3L)));
    }
  }

  @Test
  void theStateProviderIsChosenByNameOrClassAndPinnedInTheCheckpoint() {
    String byClass = "io.millrace.state.hdfs.HdfsStateStoreProviderFactory";
    try (MillraceSession session = builder().config("millrace.state.provider", byClass).build()) {
      StreamingQuery q = start(session, "update", in -> in.groupBy("key").count());
      add("a", 1);
      q.processAllAvailable();
      q.stop();
      assertThat(((io.millrace.runtime.exec.MicroBatchExecution) q).pinnedSettings())
          .containsEntry("millrace.state.provider", byClass);
    }
    List<java.util.Map<String, String>> overrides = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (MillraceSession session = builder().config("millrace.state.provider", "rocksdb").build()) {
      session.streams().addListener(new io.millrace.api.StreamingQueryListener() {
        @Override
        public void onQueryStarted(QueryStartedEvent event) {
          overrides.add(event.overriddenSettings());
        }
      });
      StreamingQuery q = start(session, "update", in -> in.groupBy("key").count());
      add("a", 1);
      q.processAllAvailable();
      q.stop();
      List<Row> rows = MemorySinkTable.get(output).rows();
      assertThat(rows.get(rows.size() - 1)).isEqualTo(Row.of("a", 2L));
    }
    assertThat(overrides).containsExactly(java.util.Map.of("millrace.state.provider", byClass + " (session asked for rocksdb)"));
  }

  @Test
  void anUnknownStateProviderOnANewCheckpointListsTheInstalledOnes() {
    try (MillraceSession session = builder().config("millrace.state.provider", "rockdb").build()) {
      assertThatThrownBy(() -> start(session, "update", in -> in.groupBy("key").count()))
          .hasMessageContaining("rockdb")
          .hasMessageContaining("hdfs");
    }
  }
}
