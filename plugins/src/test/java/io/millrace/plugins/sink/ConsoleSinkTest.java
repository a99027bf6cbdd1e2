package io.millrace.plugins.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.plugins.testing.ListBatch;
import io.millrace.plugins.testing.TestSinkContext;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.Sink;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSinkTest {
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8);

  private Sink sink(Schema schema, Map<String, String> options) {
    return new ConsoleSinkProvider(() -> out).create(TestSinkContext.of("console", options, schema));
  }

  private String printed() {
    return captured.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printsABannerAndTheRowsLikeSparkShow() throws Exception {
    Schema schema = Schema.parse("word STRING, count LONG");
    Sink sink = sink(schema, Map.of());
    assertThat(sink.guarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);

    sink.addBatch(3, ListBatch.of(schema, Row.of("millrace", 12L), Row.of("a", null)));

    assertThat(printed()).isEqualTo(String.join("\n",
        "-------------------------------------------",
        "Batch: 3",
        "-------------------------------------------",
        "+--------+-----+",
        "|    word|count|",
        "+--------+-----+",
        "|millrace|   12|",
        "|       a| NULL|",
        "+--------+-----+",
        "",
        ""));
  }

  @Test
  void longCellsAreCutAndRowsBeyondNumRowsAreLeftOut() throws Exception {
    Schema schema = Schema.parse("text STRING");
    Sink sink = sink(schema, Map.of("numRows", "2"));
    sink.addBatch(0, ListBatch.of(schema, Row.of("abcdefghijklmnopqrstuvwxyz"), Row.of("12345678901234567890"), Row.of("hidden")));

    assertThat(printed()).endsWith(String.join("\n",
        "+--------------------+",
        "|                text|",
        "+--------------------+",
        "|abcdefghijklmnopq...|",
        "|12345678901234567890|",
        "+--------------------+",
        "only showing top 2 rows",
        "",
        ""));
  }

  @Test
  void withoutTruncationCellsAreWholeAndLeftAligned() throws Exception {
    Schema schema = Schema.parse("text STRING, n INT");
    Sink sink = sink(schema, Map.of("truncate", "false", "numRows", "1"));
    sink.addBatch(0, ListBatch.of(schema, Row.of("abcdefghijklmnopqrstuvwxyz", 1), Row.of("x", 2)));

    assertThat(printed()).endsWith(String.join("\n",
        "+--------------------------+---+",
        "|text                      |n  |",
        "+--------------------------+---+",
        "|abcdefghijklmnopqrstuvwxyz|1  |",
        "+--------------------------+---+",
        "only showing top 1 row",
        "",
        ""));
  }

  @Test
  void valuesArePrintedAsSparkPrintsThem() throws Exception {
    Schema schema = Schema.parse("t TIMESTAMP, b BINARY, ok BOOLEAN, d DOUBLE, w STRUCT<start TIMESTAMP, end TIMESTAMP>");
    Sink sink = sink(schema, Map.of("truncate", "false"));
    long noon = 1_714_564_800_000_000L;
    sink.addBatch(0, ListBatch.of(schema,
        Row.of(noon + 250_000, new byte[] {10, -1}, true, 1.5, Row.of(noon, noon + 60_000_000)),
        Row.of(noon, new byte[0], false, 1e20, null)));

    assertThat(printed()).contains(
        "|2024-05-01 12:00:00.25|[0A FF]|true |1.5   |{2024-05-01 12:00:00, 2024-05-01 12:01:00}|\n"
            + "|2024-05-01 12:00:00   |[]     |false|1.0E20|NULL" + " ".repeat(38) + "|\n");
  }

  @Test
  void truncationAlsoCutsFormattedValues() throws Exception {
    Schema schema = Schema.parse("t TIMESTAMP");
    sink(schema, Map.of()).addBatch(0, ListBatch.of(schema, Row.of(1_714_564_800_250_000L)));
    assertThat(printed()).contains("|2024-05-01 12:00:...|\n");
  }

  @Test
  void anEmptyBatchPrintsTheHeaderOnly() throws Exception {
    Schema schema = Schema.parse("a INT");
    sink(schema, Map.of()).addBatch(7, ListBatch.of(schema));
    assertThat(printed()).endsWith("Batch: 7\n-------------------------------------------\n+---+\n|  a|\n+---+\n+---+\n\n");
  }

  @Test
  void badOptionsFailAtCreation() {
    Schema schema = Schema.parse("a INT");
    assertThatThrownBy(() -> sink(schema, Map.of("numRows", "-1")))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("numRows"));
    assertThatThrownBy(() -> sink(schema, Map.of("truncate", "sometimes")))
        .hasMessage("option 'truncate' of sink 'console' has the value 'sometimes'; expected true or false");
  }

  @Test
  void aBatchWrittenInTasksPrintsTheFirstRowsInTaskOrderAndKeepsNoMore() throws Exception {
    Schema schema = Schema.parse("id LONG, tag STRUCT<k: STRING>");
    Sink sink = sink(schema, Map.of("numRows", "3"));
    assertThat(sink.writesPerTask()).isTrue();
    List<WriterCommitMessage> messages = new ArrayList<>();
    long id = 0;
    for (int task = 0; task < 3; task++) {
      TaskWriter writer = sink.createWriter(task, 7);
      int rows = task == 0 ? 2 : 1000;
      for (int i = 0; i < rows; i++) {
        writer.write(Row.of(id++, Row.of("t" + task)));
      }
      WriterCommitMessage m = writer.commit();
      // Each task keeps one row more than is shown (to know the table is cut), never its whole output.
      assertThat(((ConsoleTaskWriter.FirstRows) m).rows()).hasSizeLessThanOrEqualTo(4);
      messages.add(m);
    }
    sink.commit(7, messages);

    // The table the console printed for a whole batch before it wrote per task: the first three
    // rows in task order, and the note that more exist.
    assertThat(printed()).isEqualTo(String.join("\n",
        "-------------------------------------------",
        "Batch: 7",
        "-------------------------------------------",
        "+---+----+",
        "| id| tag|",
        "+---+----+",
        "|  0|{t0}|",
        "|  1|{t0}|",
        "|  2|{t1}|",
        "+---+----+",
        "only showing top 3 rows",
        "",
        ""));
  }
}
