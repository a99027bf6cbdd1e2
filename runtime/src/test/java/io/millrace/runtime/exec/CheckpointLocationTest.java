package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.DataStreamWriter;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a query's checkpoint lives when none is given: as in Spark, only sinks whose output is
 * for looking at (console, memory, which declare it) and foreachBatch run on a temporary
 * checkpoint; any other sink is refused at start, since a rerun would start over and write
 * everything again. {@code millrace.streaming.checkpointLocation} is a root under which a
 * named query gets its own directory.
 */
class CheckpointLocationTest {
  @TempDir Path dir;

  private final String input = "loc-in-" + UUID.randomUUID();
  private final String output = "loc-out-" + UUID.randomUUID();
  private MemoryStream stream;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("id LONG"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private DataStreamWriter toFiles(MillraceSession session) {
    return session.readStream().format("memory").option("name", input).load()
        .writeStream().format("durable-file").option("path", dir.resolve("out").toString());
  }

  private List<String> batchFiles() throws Exception {
    try (var files = Files.list(dir.resolve("out"))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("batch-")).sorted().toList();
    }
  }

  @Test
  void aSinkThatKeepsItsOutputIsRefusedWithoutACheckpointLocation() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> toFiles(session).start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("sink 'durable-file' needs a checkpointLocation")
          .hasMessageContaining("option(\"checkpointLocation\"")
          .hasMessageContaining("millrace.streaming.checkpointLocation")
          .hasMessageContaining("console")
          .hasMessageContaining("memory");
    }
    assertThat(dir.resolve("out")).as("nothing written").doesNotExist();
  }

  @Test
  void theMemorySinkRunsOnATemporaryCheckpointDeletedAtStop() {
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .writeStream().format("memory").option("name", output).start();
      Path temporary = Path.of(((MicroBatchExecution) q).checkpointLocation());
      assertThat(temporary).exists();
      stream.addData(Row.of(1L));
      q.processAllAvailable();
      q.stop();
      assertThat(MemorySinkTable.get(output).rows()).containsExactly(Row.of(1L));
      assertThat(q.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
      assertThat(temporary).as("deleted at stop").doesNotExist();
    }
  }

  @Test
  void foreachBatchRunsOnATemporaryCheckpointAsInSpark() {
    // Spark 4.0.1: writeStream.foreachBatch(..).start() without a checkpointLocation starts on
    // file:/tmp/temporary-<uuid>, which is gone after stop() (as for console, memory, noop and
    // foreach); format("parquet") without one fails with "checkpointLocation must be specified
    // either through option("checkpointLocation", ...) or
    // SparkSession.conf.set("spark.sql.streaming.checkpointLocation", ...)".
    List<Long> seen = new ArrayList<>();
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery q = session.readStream().format("memory").option("name", input).load()
          .writeStream().foreachBatch((batch, id) -> batch.collectAsList().forEach(r -> seen.add(r.getLong(0)))).start();
      stream.addData(Row.of(7L));
      q.processAllAvailable();
      q.stop();
      assertThat(q.exception()).isEmpty();
    }
    assertThat(seen).containsExactly(7L);
  }

  @Test
  void aNamedQueryGetsItsOwnDirectoryUnderTheSessionsCheckpointRoot() throws Exception {
    Path root = dir.resolve("root");
    String id;
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.streaming.checkpointLocation", root.toString()).build()) {
      StreamingQuery q = toFiles(session).queryName("orders").start();
      stream.addData(Row.of(1L));
      q.processAllAvailable();
      q.stop();
      id = q.id();
      assertThat(q.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
    }
    assertThat(root.resolve("orders/metadata")).exists();
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.streaming.checkpointLocation", root.toString()).build()) {
      StreamingQuery q = toFiles(session).queryName("orders").start();
      assertThat(q.id()).as("the restart found its checkpoint").isEqualTo(id);
      stream.addData(Row.of(2L));
      q.processAllAvailable();
      q.stop();
    }
    assertThat(batchFiles()).containsExactly("batch-0", "batch-1");
  }

  @Test
  void anExplicitCheckpointLocationWinsOverTheSessionsRoot() {
    Path root = dir.resolve("root");
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.streaming.checkpointLocation", root.toString()).build()) {
      toFiles(session).queryName("orders").option("checkpointLocation", dir.resolve("own").toString()).start().stop();
    }
    assertThat(dir.resolve("own/metadata")).exists();
    assertThat(root).doesNotExist();
  }

  @Test
  void anUnnamedQueryUnderTheSessionsRootIsRefusedRatherThanGivenARandomDirectory() {
    // Spark would use <root>/<random uuid>: a checkpoint no rerun finds, so the rerun writes again.
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.streaming.checkpointLocation", dir.resolve("root").toString()).build()) {
      assertThatThrownBy(() -> toFiles(session).start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("sink 'durable-file' needs a checkpointLocation")
          .hasMessageContaining("queryName");
    }
    assertThat(dir.resolve("root")).doesNotExist();
  }

  @Test
  void aQueryNameThatIsNotOneDirectoryNameIsRefusedUnderTheRoot() {
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.streaming.checkpointLocation", dir.resolve("root").toString()).build()) {
      assertThatThrownBy(() -> toFiles(session).queryName("../elsewhere").start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("'../elsewhere'")
          .hasMessageContaining("millrace.streaming.checkpointLocation");
    }
  }
}
