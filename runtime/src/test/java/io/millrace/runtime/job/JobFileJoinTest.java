package io.millrace.runtime.job;

import static io.millrace.api.functions.expr;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file's {@code join} step: two named sources joined on a condition, as the Java API joins them. */
class JobFileJoinTest {
  private static final String ON = "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS";

  @TempDir Path dir;

  private final String left = "jfj-l-" + UUID.randomUUID();
  private final String right = "jfj-r-" + UUID.randomUUID();
  private final String output = "jfj-out-" + UUID.randomUUID();

  @BeforeEach
  void setUp() {
    MemoryStream l = MemoryStream.create(left, Schema.parse("lk INT, lts TIMESTAMP, lv STRING"));
    MemoryStream r = MemoryStream.create(right, Schema.parse("rk INT, rts TIMESTAMP, rv STRING"));
    l.addData(List.of(Row.of(1, 1_000_000L, "a"), Row.of(2, 5_000_000L, "b"), Row.of(3, 9_000_000L, "c")));
    r.addData(List.of(Row.of(1, 11_000_000L, "x"), Row.of(2, 40_000_000L, "y"), Row.of(9, 9_000_000L, "z")));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(left);
    MemoryStream.remove(right);
    MemorySinkTable.remove(output);
  }

  private String job(String joinStep) {
    return String.join("\n",
        "sources:",
        "  views:",
        "    format: memory",
        "    options: {name: " + left + "}",
        "    pipeline: [{withWatermark: {column: lts, delay: 10 seconds}}]",
        "  clicks:",
        "    format: memory",
        "    options: {name: " + right + "}",
        "    pipeline: [{withWatermark: {column: rts, delay: 20 seconds}}]",
        "pipeline:",
        "  - " + joinStep,
        "sink: {format: memory, outputMode: append, options: {name: " + output + "}}",
        "checkpointLocation: " + dir.resolve("ckpt"),
        "");
  }

  @Test
  void theJoinStepIsTheJavaApisJoin() {
    try (MillraceSession s = MillraceSession.builder().build()) {
      Dataset fromJob = JobFile.parse("join.yaml",
          job("join: {left: views, right: clicks, on: \"" + ON + "\", type: leftOuter}")).dataset(s);
      Dataset fromApi = s.readStream().format("memory").option("name", left).load().withWatermark("lts", "10 seconds")
          .join(s.readStream().format("memory").option("name", right).load().withWatermark("rts", "20 seconds"),
              expr(ON), "leftOuter");
      assertThat(fromJob.explainString()).isEqualTo(fromApi.explainString());

      StreamingQuery q = JobFile.parse("join.yaml",
          job("join: {left: views, right: clicks, on: \"" + ON + "\", type: leftOuter}")).start(s);
      q.processAllAvailable();
      q.stop();
    }
    // One batch: a matches x (10 s after it); b's y comes 35 s later, past the 15 s bound; c has no click.
    // The watermark (min of 9 s - 10 s and 40 s - 20 s) does not yet pass b or c, so no outer row yet.
    assertThat(MemorySinkTable.get(output).rows().stream().map(Row::toString).collect(Collectors.toList()))
        .containsExactly("[1, 1000000, a, 1, 11000000, x]");
  }

  @Test
  void errorsNameTheJoinStepsField() {
    assertThatThrownBy(() -> JobFile.parse("join.yaml", job("join: {left: views, right: shares, on: \"lk = rk\"}")))
        .hasMessageContaining("join.yaml").hasMessageContaining("unknown source 'shares'; the sources are: views, clicks");
    assertThatThrownBy(() -> JobFile.parse("join.yaml", job("join: {left: views, right: views, on: \"lk = rk\"}")))
        .hasMessageContaining("source 'views' is both sides of the join");
    assertThatThrownBy(() -> JobFile.parse("join.yaml", job("join: {left: views, right: clicks}")))
        .hasMessageContaining("field 'pipeline[0].join.on' is required");
    try (MillraceSession s = MillraceSession.builder().build()) {
      // As in Spark, the join type's needs are checked when the query starts.
      assertThatThrownBy(() -> JobFile.parse("join.yaml",
          job("join: {left: views, right: clicks, on: \"lk = rk\", type: leftOuter}")).start(s))
          .hasMessageContaining("does not bound the right side's event time");
      assertThatThrownBy(() -> JobFile.parse("join.yaml",
          job("join: {left: views, right: clicks, on: \"lk = rk\", type: sideways}")).dataset(s))
          .hasMessageContaining("unknown join type 'sideways'");
    }
  }
}
