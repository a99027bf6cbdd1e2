package io.millrace.runtime.exec;

import static io.millrace.api.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.MillraceSession;
import io.millrace.api.SinkTable;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link StreamingQuery#readSinkTable}: what the sink holds, through its provider, with the limit and the refusal. */
class SinkTableTest {
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

  @Test
  void readsWhatTheSinkHoldsAndSaysWhenTheLimitLeftRowsOut() {
    StreamingQuery query = session.readStream().format("memory").option("name", input).load()
        .filter(col("id").notEqual(2))
        .writeStream().format("memory").option("name", output)
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
    stream.addData(List.of(Row.of(3L, "c"), Row.of(1L, "a"), Row.of(2L, "b"), Row.of(0L, null)));
    query.processAllAvailable();
    query.stop();

    SinkTable all = query.readSinkTable(10);
    assertThat(all.truncated()).isFalse();
    assertThat(all.schema().names()).containsExactly("id", "name");
    assertThat(all.rows()).containsExactly(Row.of(3L, "c"), Row.of(1L, "a"), Row.of(0L, null));
    assertThat(all.sorted().rows()).containsExactly(Row.of(0L, null), Row.of(1L, "a"), Row.of(3L, "c"));

    SinkTable two = query.readSinkTable(2);
    assertThat(two.truncated()).isTrue();
    assertThat(two.rows()).hasSize(2);
    assertThat(two.show(5, false)).contains("|3  |c   |").endsWith("(the sink holds more rows than the 2 read)\n");
  }

  @Test
  void aSinkThatCannotReadBackIsRefusedNamingIt() {
    StreamingQuery query = session.readStream().format("memory").option("name", input).load()
        .writeStream().format("console")
        .option("checkpointLocation", dir.resolve("ckpt-console").toString()).start();
    query.stop();
    assertThatThrownBy(() -> query.readSinkTable(10)).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("sink 'console'").hasMessageContaining("ReadableSinkProvider");
  }

  @Test
  void aForeachBatchQueryHasNoSinkTable() {
    StreamingQuery query = session.readStream().format("memory").option("name", input).load()
        .writeStream().foreachBatch((rows, batchId) -> { })
        .option("checkpointLocation", dir.resolve("ckpt-foreach").toString()).start();
    query.stop();
    assertThatThrownBy(() -> query.readSinkTable(10)).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("foreachBatch");
  }
}
