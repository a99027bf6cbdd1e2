package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.runtime.testplugins.WideSourceProvider;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A source that prunes columns is asked to read only the columns the query uses, and the query's rows stay the same. */
class ColumnPruningTest {

  private static Optional<Schema> run(UnaryOperator<Dataset> query, OutputMode mode, Row... expected) {
    String name = "wide-" + UUID.randomUUID();
    try (MillraceSession s = MillraceSession.builder().build()) {
      Dataset q = query.apply(s.readStream().format("wide").option("name", name).load());
      testStream(q, mode).run(checkAnswer(expected));
    }
    return WideSourceProvider.pruned(name);
  }

  @Test
  void aSelectReadsItsColumns() {
    assertThat(run(d -> d.select("a"), OutputMode.APPEND, Row.of(0L), Row.of(1L), Row.of(2L), Row.of(3L)))
        .contains(Schema.parse("a LONG"));
    assertThat(run(d -> d.selectExpr("a * 2 AS twice", "upper(b) AS up").where("twice > 2"), OutputMode.APPEND,
        Row.of(4L, "B2"), Row.of(6L, "B3"))).contains(Schema.parse("a LONG, b STRING"));
  }

  @Test
  void aFilterReadsWhatItTests() {
    assertThat(run(d -> d.where("b = 'b1'").select("c"), OutputMode.APPEND, Row.of(0.5)))
        .contains(Schema.parse("b STRING, c DOUBLE"));
  }

  @Test
  void anAggregationReadsItsKeysAndArguments() {
    long start = 0;
    assertThat(run(d -> d.withWatermark("ts", "0 seconds").groupBy(window(col("ts"), "10 seconds")).count(),
        OutputMode.COMPLETE, Row.of(Row.of(start, 10_000_000L), 4L))).contains(Schema.parse("ts TIMESTAMP"));
    assertThat(run(d -> d.groupBy(new String[0]).count(), OutputMode.COMPLETE, Row.of(4L))).contains(Schema.parse("a LONG"));
  }

  @Test
  void aQueryOfEveryColumnPrunesNothing() {
    assertThat(run(d -> d.dropDuplicates().where("a > 2"), OutputMode.APPEND, Row.of(3L, "b3", 1.5, 3_000_000L, 1L)))
        .isEmpty();
  }

  @Test
  void aWholeRowDeduplicationReadsEveryColumnEvenOnesDroppedLater() {
    // keyed on every column the four rows differ; keyed on g alone two would be dropped
    assertThat(run(d -> d.dropDuplicates().select("g"), OutputMode.APPEND, Row.of(0L), Row.of(1L), Row.of(0L),
        Row.of(1L))).isEmpty();
    assertThat(run(d -> d.dropDuplicates("g").select("a"), OutputMode.APPEND, Row.of(0L), Row.of(1L)))
        .contains(Schema.parse("a LONG, g LONG"));
  }
}
