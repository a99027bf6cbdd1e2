package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code state/<id>/_metadata} records each stateful operator; a restart that moves operators is refused. */
class OperatorMetadataTest {
  @TempDir Path dir;

  private final String input = "om-in-" + UUID.randomUUID();
  private final String output = "om-out-" + UUID.randomUUID();
  private MemoryStream stream;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("id LONG, ts TIMESTAMP"));
    stream.addData(List.of(Row.of(1L, 1_000_000L), Row.of(1L, 1_000_000L)));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private StreamingQuery start(MillraceSession s, UnaryOperator<Dataset> query) {
    return query.apply(s.readStream().format("memory").option("name", input).load().withWatermark("ts", "10 seconds"))
        .writeStream().format("memory").option("name", output).outputMode("append")
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }

  private static Dataset dedupThenCount(Dataset in) {
    return in.dropDuplicates("id", "ts").groupBy(window(col("ts"), "10 seconds")).count();
  }

  @Test
  void eachOperatorIsRecordedWithItsKindNameSchemasAndPartitions() throws Exception {
    try (MillraceSession s = MillraceSession.builder().config("millrace.shuffle.partitions", "3").build()) {
      StreamingQuery q = start(s, OperatorMetadataTest::dedupThenCount);
      q.processAllAvailable();
      q.stop();
    }
    String aggregate = Files.readString(dir.resolve("ckpt/state/0/_metadata"));
    String dedup = Files.readString(dir.resolve("ckpt/state/1/_metadata"));
    assertThat(aggregate).contains("\"operatorId\":0", "\"kind\":\"aggregate\"", "\"name\":\"stateStoreSave\"",
        "\"partitions\":3", "\"key\":\"window ");
    assertThat(dedup).contains("\"operatorId\":1", "\"kind\":\"deduplicate\"", "\"name\":\"dedupe\"", "\"partitions\":3");
  }

  @Test
  void aRestartThatPutsAnotherOperatorAtAnIdIsRefusedNamingBoth() {
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery q = start(s, in -> in.dropDuplicates("id", "ts"));
      q.processAllAvailable();
      q.stop();
      assertThatThrownBy(() -> start(s, in -> in.groupBy(window(col("ts"), "10 seconds")).count()))
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("state/0/_metadata records operator 0 as deduplicate 'dedupe', but this query's "
              + "operator 0 is aggregate 'stateStoreSave'");
    }
  }
}
