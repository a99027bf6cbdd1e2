package io.millrace.runtime.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stateless unions of streams: each source its own offsets line and progress entry; refused shapes. */
class UnionTest {
  @TempDir Path dir;

  private final String left = "u-left-" + UUID.randomUUID();
  private final String right = "u-right-" + UUID.randomUUID();
  private final String output = "u-out-" + UUID.randomUUID();

  @AfterEach
  void tearDown() {
    MemoryStream.remove(left);
    MemoryStream.remove(right);
    MemorySinkTable.remove(output);
  }

  private Dataset read(MillraceSession s, String name) {
    return s.readStream().format("memory").option("name", name).load();
  }

  private StreamingQuery start(Dataset ds) {
    return ds.writeStream().format("memory").option("name", output)
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }

  private List<String> outputRows() {
    return MemorySinkTable.get(output).rows().stream().map(Row::toString).sorted().collect(Collectors.toList());
  }

  @Test
  void aUnionReadsEachSourceOnceAndReportsEachInTheProgress() throws Exception {
    MemoryStream a = MemoryStream.create(left, Schema.parse("id LONG, name STRING"));
    MemoryStream b = MemoryStream.create(right, Schema.parse("id LONG, name STRING"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      a.addData(List.of(Row.of(1L, "a1"), Row.of(2L, "a2")));
      b.addData(List.of(Row.of(10L, "b10")));
      StreamingQuery q = start(read(s, left).union(read(s, right)));
      q.processAllAvailable();
      b.addData(List.of(Row.of(11L, "b11"), Row.of(12L, "b12")));
      q.processAllAvailable();
      StreamingQueryProgress second = q.lastProgress();
      q.stop();

      assertThat(outputRows()).containsExactly("[1, a1]", "[10, b10]", "[11, b11]", "[12, b12]", "[2, a2]");
      assertThat(second.numInputRows()).isEqualTo(2);
      assertThat(second.sources()).hasSize(2);
      assertThat(second.sources().get(0).numInputRows()).isEqualTo(0);
      assertThat(second.sources().get(1).numInputRows()).isEqualTo(2);
      List<String> offsets = java.nio.file.Files.readAllLines(dir.resolve("ckpt/offsets/1"));
      assertThat(offsets.get(1)).contains("\"sources\":[\"memory\",\"memory\"]");
    }
  }

  @Test
  void unionByNameMatchesColumnsByName() {
    MemoryStream a = MemoryStream.create(left, Schema.parse("id LONG, name STRING"));
    MemoryStream b = MemoryStream.create(right, Schema.parse("name STRING, id LONG"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      a.addData(List.of(Row.of(1L, "a1")));
      b.addData(List.of(Row.of("b2", 2L)));
      StreamingQuery q = start(read(s, left).unionByName(read(s, right)));
      q.processAllAvailable();
      q.stop();
      assertThat(outputRows()).containsExactly("[1, a1]", "[2, b2]");
    }
  }

  @Test
  void aUnionOfDifferentShapesIsRefusedNamingTheColumns() {
    MemoryStream.create(left, Schema.parse("id LONG, name STRING"));
    MemoryStream.create(right, Schema.parse("id LONG"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> start(read(s, left).union(read(s, right))))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("union: input 2 has 1 column(s) [id] but input 1 has 2 [id, name]");
      assertThatThrownBy(() -> start(read(s, left).union(read(s, right).selectExpr("'x' AS name", "id"))))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("column 1 ('id') is LONG in input 1 but STRING ('name') in input 2");
      assertThatThrownBy(() -> start(read(s, left).unionByName(read(s, right).selectExpr("id", "id AS nick"))))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("input 2 lacks [name]; input 1 lacks [nick]");
    }
  }

  @Test
  void aRestartWithAnotherNumberOfSourcesIsRefusedNamingBoth() {
    MemoryStream a = MemoryStream.create(left, Schema.parse("id LONG, name STRING"));
    MemoryStream.create(right, Schema.parse("id LONG, name STRING"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      a.addData(List.of(Row.of(1L, "a1")));
      StreamingQuery q = start(read(s, left).union(read(s, right)));
      q.processAllAvailable();
      q.stop();
      assertThatThrownBy(() -> start(read(s, left)))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("was written by a query with 2 source(s) [memory, memory]")
          .hasMessageContaining("but this query has 1 source(s) [memory]")
          .hasMessageContaining("the number or kind of sources may not change");
    }
  }

  @Test
  void explainShowsTheLogicalAndPhysicalPlans() {
    MemoryStream.create(left, Schema.parse("id LONG, name STRING"));
    MemoryStream.create(right, Schema.parse("id LONG, name STRING"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      String plans = read(s, left).union(read(s, right)).dropDuplicates("id").groupBy("name").count()
          .explainString();
      assertThat(plans).contains("== Logical Plan ==", "== Physical Plan ==", "Union",
          "AggregateExec [operator 0]", "DeduplicateExec [operator 1]", "Exchange keyGroups([id]",
          "MicroBatchScan memory[0]", "MicroBatchScan memory[1]");
    }
  }
}
