package io.millrace.it;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.execute;
import static io.millrace.api.testing.StreamAction.expectFailure;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.api.functions;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamTest;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream joined with a static table read by {@code session.read()}: when the table is read
 * (at start, and again after {@code refreshInterval}), what the progress says of it, and the
 * errors for what cannot run.
 */
class StaticJoinQueryTest {
  private static final Schema CLICKS = Schema.parse("user INT, page STRING");

  @TempDir
  Path dir;
  private Path table;
  private ManualClock clock;
  private MillraceSession session;
  private MemoryStream clicks;

  @BeforeEach
  void open() throws IOException {
    table = Files.createDirectories(dir.resolve("users"));
    Files.writeString(table.resolve("part-0.json"), "{\"id\":1,\"name\":\"ada\"}\n");
    clock = new ManualClock();
    session = MillraceSession.builder().clock(clock).build();
    clicks = MemoryStream.create("clicks", CLICKS);
  }

  @AfterEach
  void close() {
    clicks.close();
    session.close();
  }

  private Dataset users(String refreshInterval) {
    var reader = session.read().schema("id INT, name STRING");
    if (refreshInterval != null) {
      reader = reader.option("refreshInterval", refreshInterval);
    }
    return reader.json(table.toString());
  }

  private Dataset enriched(String refreshInterval) {
    return clicks.toDataset(session).join(users(refreshInterval), functions.expr("user = id"), "leftOuter")
        .select("page", "name");
  }

  private void addUser(int id, String name) throws IOException {
    Path staged = dir.resolve("staged.json");
    Files.writeString(staged, "{\"id\":" + id + ",\"name\":\"" + name + "\"}\n");
    Files.move(staged, table.resolve("part-" + id + ".json"));
  }

  @Test
  void aTableWithARefreshIntervalIsReadAgainBetweenBatchesOnceItHasPassed() {
    StreamTest.testStream(enriched("1 minute")).run(
        startStream(Trigger.processingTime("1 second"), clock),
        addData(clicks, Row.of(1, "home"), Row.of(2, "cart")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("home", "ada"), Row.of("cart", null)),
        execute("the read at start is reported with the first batch", q ->
            assertThat(q.lastProgress().customMetrics()).containsEntry("numStaticTableRowsRead", 1L)),
        execute("a new user joins the table", q -> addUser(2, "bob")),
        addData(clicks, Row.of(2, "pay")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("pay", null)),
        execute("not read again before the interval passed", q ->
            assertThat(q.lastProgress().customMetrics()).doesNotContainKey("numStaticTableRowsRead")),
        advanceManualClock(60_000),
        addData(clicks, Row.of(2, "done")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("done", "bob")),
        execute("read again: both users", q ->
            assertThat(q.lastProgress().customMetrics()).containsEntry("numStaticTableRowsRead", 2L)));
  }

  @Test
  void withoutARefreshIntervalTheTableIsReadOncePerQueryStart() {
    StreamTest.testStream(enriched(null)).run(
        startStream(Trigger.processingTime("1 second"), clock),
        addData(clicks, Row.of(2, "cart")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("cart", null)),
        execute("a new user joins the table", q -> addUser(2, "bob")),
        advanceManualClock(3_600_000),
        addData(clicks, Row.of(2, "pay")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("pay", null)),
        stopStream(),
        startStream(Trigger.processingTime("1 second"), clock),
        addData(clicks, Row.of(2, "again")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("again", "bob")));
  }

  @Test
  void aReadThatFindsAnotherSchemaFailsTheQueryNamingBothSchemas() throws IOException {
    Path columnName = dir.resolve("column.txt");
    Files.writeString(columnName, "id");
    Dataset table = session.read().format("keyRange").option("total", 3).option("keyColumnFile", columnName.toString())
        .option("refreshInterval", "1 minute").load();
    Dataset joined = clicks.toDataset(session).join(table, functions.expr("user = id"), "leftOuter").select("page");
    StreamTest.testStream(joined).run(
        startStream(Trigger.processingTime("1 second"), clock),
        addData(clicks, Row.of(1, "home")),
        advanceManualClock(1000),
        checkLastBatch(Row.of("home")),
        execute("the table's column is renamed", q -> Files.writeString(columnName, "renamed")),
        advanceManualClock(60_000),
        addData(clicks, Row.of(1, "cart")),
        advanceManualClock(1000),
        expectFailure(io.millrace.spi.MillraceException.class, e -> assertThat(e).hasMessageContaining(
            "has another schema than when the query started").hasMessageContaining("renamed")));
  }

  @Test
  void aBadRefreshIntervalIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> StreamTest.testStream(enriched("soon")).run(startStream()))
        .hasStackTraceContaining("refreshInterval").hasStackTraceContaining("soon");
    assertThatThrownBy(() -> StreamTest.testStream(enriched("0 seconds")).run(startStream()))
        .hasStackTraceContaining("refreshInterval").hasStackTraceContaining("a positive duration");
  }

  @Test
  void aMissingTableIsRefusedAtStartNamingItsPath() {
    Dataset missing = session.read().schema("id INT, name STRING").json(dir.resolve("nowhere").toString());
    Dataset joined = clicks.toDataset(session).join(missing, functions.expr("user = id"), "inner");
    assertThatThrownBy(() -> StreamTest.testStream(joined).run(startStream()))
        .hasStackTraceContaining("nowhere");
  }

  @Test
  void whatAStaticTableCannotDoIsRefusedWithTheReason() {
    Dataset users = users(null);
    assertThatThrownBy(users::writeStream).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("reads only static tables");
    Dataset counted = users.groupBy("name").count();
    Dataset joined = clicks.toDataset(session).join(counted, functions.expr("user = count"), "inner");
    assertThatThrownBy(() -> StreamTest.testStream(joined).run(startStream()))
        .hasStackTraceContaining("the static side of a join can hold select, filter");
    Dataset both = users.join(users(null).withColumnRenamed("id", "id2").withColumnRenamed("name", "n2"),
        functions.expr("id = id2"), "inner");
    assertThatThrownBy(() -> clicks.toDataset(session).join(both, functions.expr("user = id"), "inner")
        .writeStream().format("memory").queryName("both").start())
        .hasStackTraceContaining("both sides are static datasets");
    assertThatThrownBy(() -> session.read().format("json").option("format", "csv").load(table.toString()))
        .hasMessageContaining("disagree");
  }

  @Test
  void theStaticSideShowsInTheExplainedPlanAndItsSchemaIsKnownBeforeStart() {
    Dataset joined = enriched(null);
    assertThat(joined.schema().names()).containsExactly("page", "name");
    assertThat(joined.explainString()).contains("StaticJoin").contains("leftOuter").contains(table.toString());
    assertThat(Map.of("users", users(null).schema().names())).containsEntry("users",
        java.util.List.of("id", "name"));
  }
}
