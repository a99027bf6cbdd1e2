package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.from_json;
import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record {@code from_json} cannot parse becomes NULLs, as in Spark's PERMISSIVE mode, and is
 * never silent: each batch's progress counts them in {@code customMetrics}.
 */
class MalformedFromJsonCountTest {
  @TempDir Path dir;

  private final String input = "fj-in-" + UUID.randomUUID();
  private final String output = "fj-out-" + UUID.randomUUID();

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  @Test
  void eachBatchCountsTheRecordsThatDidNotParse() {
    MemoryStream values = MemoryStream.create(input, Schema.parse("value STRING"));
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery q = s.readStream().format("memory").option("name", input).load()
          .select(from_json(col("value"), "a INT").as("e")).select(col("e.a"))
          .writeStream().format("memory").option("name", output)
          .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
      values.addData(List.of(Row.of("{\"a\":1}"), Row.of("{\"a\":"), Row.of("not json"), Row.of((Object) null)));
      q.processAllAvailable();
      assertThat(q.lastProgress().customMetrics()).containsEntry("numMalformedFromJsonRecords", 2L);
      assertThat(q.lastProgress().json()).contains("\"customMetrics\":{\"numMalformedFromJsonRecords\":2}");

      values.addData(List.of(Row.of("{\"a\":2}")));
      q.processAllAvailable();
      assertThat(q.lastProgress().customMetrics()).isEmpty();
      assertThat(q.lastProgress().json()).doesNotContain("customMetrics");
      q.stop();
    }
    // A NULL input is NULL, not malformed; the malformed ones are NULLs, as Spark gives them.
    assertThat(MemorySinkTable.get(output).rows().stream().map(Row::toString).sorted().collect(Collectors.toList()))
        .containsExactly("[1]", "[2]", "[null]", "[null]", "[null]");
  }
}
