package io.millrace.sink.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampType;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeltaSinkTest {
  private static final Schema ALL_TYPES = Schema.parse("flag BOOLEAN, n INT, id LONG NOT NULL, x DOUBLE, s STRING,"
      + " b BINARY, ts TIMESTAMP, window STRUCT<start TIMESTAMP, end TIMESTAMP>");
  private static final Schema EVENTS = Schema.parse("id LONG NOT NULL, key STRING, amount DOUBLE");

  @TempDir Path dir;

  private Map<String, String> at(Path table) {
    return Map.of("path", table.toString());
  }

  private static List<Row> events(long from, int count) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id < from + count; id++) {
      rows.add(Row.of(id, id % 2 == 0 ? "even" : "odd", id * 1.5));
    }
    return rows;
  }

  @Test
  void createsTheTableFromTheQuerySchemaAndRoundTripsEveryType() throws Exception {
    Path table = dir.resolve("t");
    List<Row> rows = List.of(
        Row.of(true, 7, 1L, 2.5, "a", new byte[] {1, 2}, 1_700_000_000_123_456L, Row.of(60_000_000L, 120_000_000L)),
        Row.of(null, null, 2L, null, null, null, null, null),
        Row.of(false, -1, 3L, -0.5, "", new byte[0], 0L, Row.of(null, 5L)));
    try (Sink sink = Batches.sink(at(table), ALL_TYPES, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(ALL_TYPES, rows));
    }

    DeltaTableReader reader = new DeltaTableReader(table.toString());
    StructType schema = reader.schema();
    assertThat(schema.fieldNames()).containsExactly("flag", "n", "id", "x", "s", "b", "ts", "window");
    assertThat(schema.get("flag").getDataType()).isEqualTo(BooleanType.BOOLEAN);
    assertThat(schema.get("n").getDataType()).isEqualTo(IntegerType.INTEGER);
    assertThat(schema.get("id").getDataType()).isEqualTo(LongType.LONG);
    assertThat(schema.get("id").isNullable()).isFalse();
    assertThat(schema.get("x").getDataType()).isEqualTo(DoubleType.DOUBLE);
    assertThat(schema.get("s").getDataType()).isEqualTo(StringType.STRING);
    assertThat(schema.get("b").getDataType()).isEqualTo(BinaryType.BINARY);
    assertThat(schema.get("ts").getDataType()).isEqualTo(TimestampType.TIMESTAMP);
    assertThat(schema.get("window").getDataType()).isEqualTo(
        new StructType().add("start", TimestampType.TIMESTAMP, true).add("end", TimestampType.TIMESTAMP, true));
    assertThat(reader.rows(ALL_TYPES)).containsExactlyInAnyOrderElementsOf(rows);
    assertThat(reader.txnVersion("query-1")).contains(0L);
  }

  @Test
  void theTypesOfSpi14RoundTripAndADatePartitionsTheTable() throws Exception {
    Schema newer = Schema.parse("day DATE, b TINYINT, s SMALLINT, f FLOAT, amount DECIMAL(10,2), big DECIMAL(30,4), "
        + "ntz TIMESTAMP_NTZ, tags ARRAY<STRING>, attrs MAP<STRING, INT>, nested ARRAY<STRUCT<x INT, ys ARRAY<LONG>>>");
    java.util.Map<String, Integer> attrs = new java.util.LinkedHashMap<>();
    attrs.put("a", 1);
    attrs.put("b", null);
    List<Row> rows = List.of(
        Row.of(19_844, (byte) -8, (short) 300, 1.5f, new java.math.BigDecimal("12.34"),
            new java.math.BigDecimal("12345678901234567890.1234"), 1_700_000_000_000_001L,
            java.util.Arrays.asList("x", null), attrs, List.of(Row.of(1, List.of(2L, 3L)))),
        Row.of(19_845, null, null, null, null, null, null, List.of(), java.util.Map.of(), null),
        Row.of(-1, (byte) 0, (short) 0, -0.0f, new java.math.BigDecimal("-0.01"), java.math.BigDecimal.ZERO.setScale(4),
            0L, null, null, List.of()));
    Path table = dir.resolve("newer");
    try (Sink sink = Batches.sink(Map.of("path", table.toString(), "partitionBy", "day"), newer, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(newer, rows));
    }
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.schema().get("amount").getDataType()).isEqualTo(new io.delta.kernel.types.DecimalType(10, 2));
    assertThat(reader.schema().get("day").getDataType()).isEqualTo(io.delta.kernel.types.DateType.DATE);
    assertThat(reader.partitionColumns()).containsExactly("day");
    assertThat(table.resolve("day=2024-05-01")).isDirectory();
    assertThat(reader.rows(newer)).containsExactlyInAnyOrderElementsOf(rows);
    // A TIMESTAMP_NTZ column needs the table feature, which readers such as Spark check for.
    assertThat(java.nio.file.Files.readString(table.resolve("_delta_log/00000000000000000000.json")))
        .contains("\"readerFeatures\":[\"timestampNtz\"]");
  }

  @Test
  void partitionByWritesOneDirectoryPerValueAndReadsBackWhole() throws Exception {
    Path table = dir.resolve("p");
    try (Sink sink = Batches.sink(Map.of("path", table.toString(), "partitionBy", "key"), EVENTS, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 10)));
      sink.addBatch(1, Batches.of(EVENTS, events(10, 5)));
    }
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.partitionColumns()).containsExactly("key");
    assertThat(table.resolve("key=even")).isDirectory();
    assertThat(table.resolve("key=odd")).isDirectory();
    assertThat(reader.rows(EVENTS)).containsExactlyInAnyOrderElementsOf(events(0, 15));
  }

  @Test
  void anExistingTablePartitionedOtherwiseIsRefusedByName() throws Exception {
    Path table = dir.resolve("p2");
    try (Sink sink = Batches.sink(Map.of("path", table.toString(), "partitionBy", "key"), EVENTS, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 2)));
    }
    try (Sink other = Batches.sink(Map.of("path", table.toString(), "partitionBy", "id"), EVENTS, OutputMode.APPEND)) {
      assertThatThrownBy(() -> other.addBatch(1, Batches.of(EVENTS, events(2, 2))))
          .isInstanceOf(MillraceException.class).hasMessageContaining("partitioned by [key]")
          .hasMessageContaining("[id]");
    }
  }

  @Test
  void anExistingTableWithOtherColumnsIsRefused() throws Exception {
    Path table = dir.resolve("s");
    try (Sink sink = Batches.sink(at(table), EVENTS, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 2)));
    }
    Schema other = Schema.parse("id LONG NOT NULL, key STRING, amount LONG");
    try (Sink sink = Batches.sink(at(table), other, OutputMode.APPEND)) {
      assertThatThrownBy(() -> sink.addBatch(1, Batches.of(other, List.of(Row.of(9L, "k", 1L)))))
          .isInstanceOf(MillraceException.class).hasMessageContaining(table.toString())
          .hasMessageContaining("amount LONG");
    }
  }

  @Test
  void completeModeReplacesTheTableInEachBatch() throws Exception {
    Path table = dir.resolve("c");
    try (Sink sink = Batches.sink(at(table), EVENTS, OutputMode.COMPLETE)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 4)));
      sink.addBatch(1, Batches.of(EVENTS, events(100, 3)));
      assertThat(new DeltaTableReader(table.toString()).rows(EVENTS)).containsExactlyInAnyOrderElementsOf(events(100, 3));
      sink.addBatch(2, Batches.of(EVENTS, List.of()));
    }
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.rows(EVENTS)).as("an empty complete result empties the table").isEmpty();
    assertThat(reader.tableVersion()).as("one commit per batch").isEqualTo(2);
  }

  @Test
  void aReplayIsSkippedBeforeAnyRowIsReadOrDataFileWritten() throws Exception {
    Path table = dir.resolve("r");
    try (Sink sink = Batches.sink(at(table), EVENTS, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 3)));
      sink.addBatch(1, Batches.of(EVENTS, events(3, 3)));
    }
    List<Path> before = Batches.parquetFiles(table);
    long version = new DeltaTableReader(table.toString()).tableVersion();

    try (Sink restarted = Batches.sink(at(table), EVENTS, OutputMode.APPEND)) {
      restarted.addBatch(1, Batches.untouchable(EVENTS));
      restarted.addBatch(0, Batches.untouchable(EVENTS));
      assertThat(restarted.metrics()).containsEntry("numSkippedBatches", "2").containsEntry("numCommittedBatches", "0");
    }
    assertThat(Batches.parquetFiles(table)).isEqualTo(before);
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.tableVersion()).isEqualTo(version);
    assertThat(reader.rows(EVENTS)).containsExactlyInAnyOrderElementsOf(events(0, 6));
  }

  @Test
  void aWriterThatLosesTheRaceForItsBatchDeletesItsDataFiles() throws Exception {
    Path table = dir.resolve("race");
    try (Sink sink = Batches.sink(at(table), EVENTS, OutputMode.APPEND)) {
      sink.addBatch(0, Batches.of(EVENTS, events(0, 2)));
    }
    List<Row> batch = events(2, 4);
    Sink winner = Batches.sink(at(table), EVENTS, OutputMode.APPEND);
    // The loser has built its transaction and written its files when the winner commits the same batch.
    Sink loser = Batches.sink(at(table), "query-1", EVENTS, OutputMode.APPEND, (point, id) -> {
      if (point == FaultPoint.INSIDE_SINK_WRITE) {
        try {
          winner.addBatch(1, Batches.of(EVENTS, batch));
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    });
    loser.addBatch(1, Batches.of(EVENTS, batch));

    assertThat(loser.metrics()).containsEntry("numSkippedBatches", "1").containsEntry("numCommittedBatches", "0");
    assertThat(Integer.parseInt(loser.metrics().get("numOrphanFilesDeleted"))).isPositive();
    assertThat(winner.metrics()).containsEntry("numCommittedBatches", "1");
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.rows(EVENTS)).containsExactlyInAnyOrderElementsOf(events(0, 6));
    assertThat(Batches.parquetFiles(table)).as("only the files the log names").hasSize(2);
    winner.close();
    loser.close();
  }

  @Test
  void postCommitHooksWriteChecksumsAndACheckpointEveryTenCommits() throws Exception {
    Path table = dir.resolve("hooks");
    try (Sink sink = Batches.sink(at(table), EVENTS, OutputMode.APPEND)) {
      for (long b = 0; b < 12; b++) {
        sink.addBatch(b, Batches.of(EVENTS, events(b * 2, 2)));
      }
      assertThat(sink.metrics()).containsEntry("numPostCommitHookFailures", "0").containsEntry("tableVersion", "11");
    }
    Path log = table.resolve("_delta_log");
    assertThat(log.resolve("00000000000000000010.checkpoint.parquet")).exists();
    assertThat(log.resolve("_last_checkpoint")).exists();
    assertThat(log.resolve("00000000000000000011.crc")).exists();
    DeltaTableReader reader = new DeltaTableReader(table.toString());
    assertThat(reader.txnVersion("query-1")).as("the txn survives the checkpoint").contains(11L);
    assertThat(reader.rows(EVENTS)).hasSize(24);
  }

  @Test
  void updateModeIsRefusedWithTheReason() {
    assertThatThrownBy(() -> Batches.sink(at(dir.resolve("u")), EVENTS, OutputMode.UPDATE))
        .isInstanceOf(MillraceException.class).hasMessageContaining("output mode update")
        .hasMessageContaining("merge");
    assertThat(new DeltaSinkProvider().name()).isEqualTo("delta");
    try (Sink sink = Batches.sink(at(dir.resolve("a")), EVENTS, OutputMode.APPEND)) {
      assertThat(sink.supportedOutputModes()).containsExactlyInAnyOrder(OutputMode.APPEND, OutputMode.COMPLETE);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertThat(Files.exists(dir.resolve("a"))).as("create writes nothing durable").isFalse();
  }

  @Test
  void badOptionsAreRefusedAtCreateByName() {
    assertThatThrownBy(() -> Batches.sink(Map.of("path", "x", "partitonBy", "key"), EVENTS, OutputMode.APPEND))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("partitonBy")
        .hasMessageContaining("known options: path, partitionBy, txnAppId, hadoop.<key>");
    assertThatThrownBy(() -> Batches.sink(Map.of("path", "x", "partitionBy", "nope"), EVENTS, OutputMode.APPEND))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("'nope' is not one");
    assertThatThrownBy(() -> Batches.sink(Map.of(), EVENTS, OutputMode.APPEND))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("'path'");
  }

  @Test
  void hadoopOptionsReachTheEngineConfiguration() throws Exception {
    Path table = dir.resolve("h");
    // Setting Kernel's log store key to a class that does not exist must make the write fail.
    Map<String, String> options = Map.of("path", table.toString(),
        "hadoop." + KernelEngine.FILE_LOG_STORE_KEY, "no.such.LogStore");
    try (Sink sink = Batches.sink(options, EVENTS, OutputMode.APPEND)) {
      assertThatThrownBy(() -> sink.addBatch(0, Batches.of(EVENTS, events(0, 1))))
          .hasStackTraceContaining("no.such.LogStore");
    }
  }
}
