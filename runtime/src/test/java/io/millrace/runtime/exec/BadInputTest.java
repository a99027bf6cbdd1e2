package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.runtime.checkpoint.CheckpointInUseException;
import io.millrace.runtime.plugin.UnknownPluginException;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input fails at start with a message that names what is wrong, and loses nothing. */
class BadInputTest {
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

  private StreamingQuery start() {
    return session.readStream().format("memory").option("name", input).load()
        .writeStream().format("memory").option("name", output)
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }

  private void runTwoBatches() {
    StreamingQuery q = start();
    stream.addData(Row.of(1L, "a"));
    q.processAllAvailable();
    stream.addData(Row.of(2L, "b"));
    q.processAllAvailable();
    q.stop();
  }

  @Test
  void unknownSourceNameListsTheInstalledSources() {
    assertThatThrownBy(() -> session.readStream().format("memroy").load())
        .isInstanceOf(UnknownPluginException.class)
        .hasMessageContaining("memroy")
        .hasMessageContaining("memory")
        .hasMessageContaining("rate");
  }

  @Test
  void unknownSinkNameListsTheInstalledSinks() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .writeStream().format("consol").start())
        .isInstanceOf(UnknownPluginException.class)
        .hasMessageContaining("consol")
        .hasMessageContaining("console");
  }

  @Test
  void badOptionValueNamesTheOptionThePluginAndTheValue() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input)
        .option("numPartitions", "many").load()
        .writeStream().format("memory").option("name", output).start())
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("numPartitions")
        .hasMessageContaining("memory")
        .hasMessageContaining("many");
  }

  @Test
  void badTriggerIntervalNamesTheOption() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .writeStream().format("memory").option("name", output)
        .trigger(io.millrace.api.Trigger.of("processingTime", java.util.Map.of("interval", "soon"))).start())
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("interval")
        .hasMessageContaining("soon");
  }

  @Test
  void corruptOffsetsFileFailsWithItsPathAndIsNotOverwritten() throws Exception {
    runTwoBatches();
    Path offsets = dir.resolve("ckpt/offsets/1");
    byte[] bytes = Files.readAllBytes(offsets);
    bytes[3] ^= 0x20; // flip one bit inside the payload
    Files.write(offsets, bytes);

    assertThatThrownBy(this::start)
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(offsets.toString())
        .hasMessageContaining("checksum mismatch");
    assertThat(Files.readAllBytes(offsets)).isEqualTo(bytes);
    // The checkpoint is free again: nothing half-started holds it.
    assertThatThrownBy(this::start).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void truncatedOffsetsFileFailsWithItsPathAndIsNotOverwritten() throws Exception {
    runTwoBatches();
    Path offsets = dir.resolve("ckpt/offsets/1");
    byte[] whole = Files.readAllBytes(offsets);
    byte[] cut = Arrays.copyOf(whole, whole.length - 12);
    Files.write(offsets, cut);

    assertThatThrownBy(this::start)
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(offsets.toString())
        .hasMessageContaining("truncated");
    assertThat(Files.readAllBytes(offsets)).isEqualTo(cut);
  }

  @Test
  void offsetTheSourceCannotReadNamesTheSourceAndTheFile() throws Exception {
    runTwoBatches();
    Path offsets = dir.resolve("ckpt/offsets/1");
    String payload = io.millrace.runtime.checkpoint.ChecksummedText.open(offsets.toString(), Files.readAllBytes(offsets));
    Files.delete(offsets);
    Files.write(offsets, io.millrace.runtime.checkpoint.ChecksummedText.seal(
        payload.substring(0, payload.lastIndexOf('\n', payload.length() - 2) + 1) + "not-an-offset\n"));

    assertThatThrownBy(this::start)
        .hasMessageContaining("memory[0]")
        .hasMessageContaining("not-an-offset")
        .hasMessageContaining(offsets.toString());
  }

  @Test
  void checkpointFromANewerFormatAsksForAnUpgrade() throws Exception {
    runTwoBatches();
    Path offsets = dir.resolve("ckpt/offsets/1");
    String payload = io.millrace.runtime.checkpoint.ChecksummedText.open(offsets.toString(), Files.readAllBytes(offsets));
    Files.delete(offsets);
    Files.write(offsets, io.millrace.runtime.checkpoint.ChecksummedText.seal(payload.replaceFirst("v1", "v7")));

    assertThatThrownBy(this::start)
        .hasMessageContaining("v7")
        .hasMessageContaining("upgrade Millrace")
        .hasMessageContaining(offsets.toString());
  }

  @Test
  void secondQueryOnOneCheckpointFailsFastWhileTheFirstRuns() {
    StreamingQuery first = start();
    try {
      assertThatThrownBy(this::start)
          .isInstanceOf(CheckpointInUseException.class)
          .hasMessageContaining(dir.resolve("ckpt").toString())
          .hasMessageContaining("in use");
      assertThat(first.isActive()).isTrue();
    } finally {
      first.stop();
    }
    start().stop(); // free once the first has stopped
  }

  @Test
  void unknownColumnFailsAtStartListingTheColumns() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .filter(col("amount").gt(3))
        .writeStream().format("memory").option("name", output).start())
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("amount")
        .hasMessageContaining("id")
        .hasMessageContaining("name");
  }

  @Test
  void completeModeWithoutAggregationIsRefusedWithTheReason() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .writeStream().format("memory").option("name", output).outputMode("complete").start())
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("complete")
        .hasMessageContaining("aggregation");
  }

  @Test
  void foreachBatchRefusesSinkOptionsItWouldIgnore() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .writeStream().foreachBatch((b, id) -> { }).option("path", "/tmp/x").start())
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("foreachBatch")
        .hasMessageContaining("path");
  }

  @Test
  void aFailedStartLeavesTheCheckpointAsItWas() throws Exception {
    Path ckpt = dir.resolve("rate-ckpt");
    // Fails after the source was created: the sink rejects an option.
    assertThatThrownBy(() -> session.readStream().format("rate").option("rowsPerSecond", "100").load()
        .writeStream().format("memory").option("name", output).option("nmae", "x")
        .option("checkpointLocation", ckpt.toString()).start())
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("nmae");
    assertThat(ckpt.resolve("sources")).doesNotExist();
    assertThat(ckpt.resolve("offsets")).doesNotExist();
    // So the corrected query may use another rate.
    StreamingQuery q = session.readStream().format("rate").option("rowsPerSecond", "50").load()
        .writeStream().format("memory").option("name", output)
        .option("checkpointLocation", ckpt.toString()).start();
    q.stop();
    assertThat(q.exception()).isEmpty();
  }

  @Test
  void aMissingCommitBeforeTheLatestBatchIsReportedNotSkipped() throws Exception {
    runTwoBatches();
    StreamingQuery q = start();
    stream.addData(Row.of(3L, "c"));
    q.processAllAvailable();
    q.stop();
    Files.delete(dir.resolve("ckpt/commits/2")); // a crash before commits/2 ...
    Files.delete(dir.resolve("ckpt/commits/1")); // ... and a lost commits/1

    assertThatThrownBy(this::start)
        .hasMessageContaining("damaged")
        .hasMessageContaining(dir.resolve("ckpt/commits/1").toString());
  }

  @Test
  void nonBooleanFilterIsRefused() {
    assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load()
        .filter(col("id").plus(1))
        .writeStream().format("memory").option("name", output).start())
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("BOOLEAN");
  }
}
