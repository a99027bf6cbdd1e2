package io.millrace.plugins.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.plugins.testing.ListBatch;
import io.millrace.plugins.testing.TestSinkContext;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MemorySinkTest {
  private static final String TABLE = "memory-sink-test";
  private static final Schema SCHEMA = Schema.parse("word STRING, n LONG");

  @AfterEach
  void removeTables() {
    MemorySinkTable.remove(TABLE);
    MemorySinkTable.remove("named-query");
  }

  private static TestSinkContext context() {
    return TestSinkContext.of("memory", Map.of("name", TABLE), SCHEMA);
  }

  private static Sink sink(TestSinkContext context) {
    return new MemorySinkProvider().create(context);
  }

  private static ListBatch batch(Row... rows) {
    return ListBatch.of(SCHEMA, rows);
  }

  @Test
  void appendAddsEachBatchInOrderAndIsExactlyOnce() throws Exception {
    Sink sink = sink(context());
    assertThat(sink.guarantee()).isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
    sink.addBatch(0, batch(Row.of("a", 1L), Row.of("b", 2L)));
    sink.addBatch(1, batch());
    sink.addBatch(2, batch(Row.of("c", 3L)));

    MemorySinkTable table = MemorySinkTable.get(TABLE);
    assertThat(table.rows()).containsExactly(Row.of("a", 1L), Row.of("b", 2L), Row.of("c", 3L));
    assertThat(table.batchIds()).containsExactly(0L, 1L, 2L);
    assertThat(table.schema()).isEqualTo(SCHEMA);
  }

  @Test
  void replayingABatchOnAFreshInstanceChangesNothing() throws Exception {
    sink(context()).addBatch(0, batch(Row.of("a", 1L)));
    sink(context()).addBatch(1, batch(Row.of("b", 2L)));

    Sink fresh = sink(context());
    fresh.addBatch(1, batch(Row.of("b", 2L)));

    MemorySinkTable table = MemorySinkTable.get(TABLE);
    assertThat(table.rows()).containsExactly(Row.of("a", 1L), Row.of("b", 2L));
    assertThat(table.batchIds()).containsExactly(0L, 1L);
    assertThat(table.addBatchCalls()).isEqualTo(3);
    assertThat(table.skippedBatches()).isEqualTo(1);
    assertThat(fresh.metrics()).containsEntry("numSkippedBatches", "1").containsEntry("numRows", "2");
  }

  @Test
  void anOlderBatchIdIsSkippedAndCounted() throws Exception {
    Sink sink = sink(context());
    sink.addBatch(5, batch(Row.of("five", 5L)));
    sink.addBatch(3, batch(Row.of("three", 3L)));

    MemorySinkTable table = MemorySinkTable.get(TABLE);
    assertThat(table.rows()).containsExactly(Row.of("five", 5L));
    assertThat(table.skippedBatches()).isEqualTo(1);
    assertThat(sink.metrics()).containsEntry("numSkippedBatches", "1");
  }

  @Test
  void completeModeMakesEachBatchTheWholeTable() throws Exception {
    Sink sink = sink(context().withOutputMode(OutputMode.COMPLETE));
    sink.addBatch(0, batch(Row.of("a", 1L)));
    sink.addBatch(1, batch(Row.of("a", 2L), Row.of("b", 1L)));
    sink.addBatch(1, batch(Row.of("replayed", 0L)));

    assertThat(MemorySinkTable.get(TABLE).rows()).containsExactly(Row.of("a", 2L), Row.of("b", 1L));
  }

  @Test
  void updateModeAppendsTheChangedRows() throws Exception {
    Sink sink = sink(context().withOutputMode(OutputMode.UPDATE));
    sink.addBatch(0, batch(Row.of("a", 1L)));
    sink.addBatch(1, batch(Row.of("a", 2L)));
    assertThat(MemorySinkTable.get(TABLE).rows()).containsExactly(Row.of("a", 1L), Row.of("a", 2L));
  }

  @Test
  void rowsIsASnapshot() throws Exception {
    Sink sink = sink(context());
    sink.addBatch(0, batch(Row.of("a", 1L)));
    var snapshot = MemorySinkTable.get(TABLE).rows();
    sink.addBatch(1, batch(Row.of("b", 2L)));
    assertThat(snapshot).containsExactly(Row.of("a", 1L));
  }

  @Test
  void theQueryNameNamesTheTableWhenTheOptionIsNotSet() throws Exception {
    sink(TestSinkContext.of("memory", Map.of(), SCHEMA).withQueryName("named-query")).addBatch(0, batch(Row.of("a", 1L)));
    assertThat(MemorySinkTable.find("named-query")).hasValueSatisfying(t -> assertThat(t.rows()).hasSize(1));
  }

  @Test
  void withoutAnyNameTheSinkIsRefused() {
    assertThatThrownBy(() -> sink(TestSinkContext.of("memory", Map.of(), SCHEMA)))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("name"))
        .hasMessageContaining("option 'name' of sink 'memory' is required when the query has no name");
    assertThatThrownBy(() -> sink(TestSinkContext.of("memory", Map.of("name", TABLE, "path", "/x"), SCHEMA)))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("path"));
  }

  @Test
  void anotherQueryStartsAnEmptyTableButTheSameQueryKeepsIt() throws Exception {
    sink(context()).addBatch(0, batch(Row.of("a", 1L)));
    sink(context()).addBatch(1, batch(Row.of("b", 1L)));
    assertThat(MemorySinkTable.get(TABLE).rows()).hasSize(2);

    sink(context().withQueryId("query-2")).addBatch(0, batch(Row.of("new", 1L)));
    assertThat(MemorySinkTable.get(TABLE).rows()).containsExactly(Row.of("new", 1L));
  }

  @Test
  void theSameQueryCannotSwitchSchemaUnderOneTable() throws Exception {
    sink(context()).addBatch(0, batch(Row.of("a", 1L)));
    TestSinkContext changed = TestSinkContext.of("memory", Map.of("name", TABLE), Schema.parse("word STRING"));
    assertThatThrownBy(() -> sink(changed))
        .hasMessageContaining("holds rows of 'word STRING, n LONG'")
        .hasMessageContaining("now writes 'word STRING'");
  }

  @Test
  void anUnknownTableIsReportedWithTheExistingOnes() throws Exception {
    sink(context()).addBatch(0, batch());
    assertThatThrownBy(() -> MemorySinkTable.get("nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no memory sink table named 'nope'")
        .hasMessageContaining(TABLE);
  }
}
