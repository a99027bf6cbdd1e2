package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query over a Parquet file that Spark 4.0.1 wrote (see plugin-file-source's ParquetInputTest
 * for its rows) reads only the columns it uses: the schema given calls the file's BINARY column
 * {@code bin} a STRING, which would fail the batch were the column read, and the query that does
 * not use it runs.
 */
class ParquetSourceQueryTest {
  @TempDir Path dir;

  @Test
  void aQueryReadsOnlyTheColumnsItUses() throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    try (InputStream file = getClass().getResourceAsStream("/spark-parquet/micros.parquet")) {
      Files.copy(file, in.resolve("part-0.parquet"));
    }
    String table = "parquet-" + UUID.randomUUID();
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery q = session.readStream().format("file").option("path", in.toString()).option("format", "parquet")
          .schema("id INT, str STRING, bin STRING").load()
          .where("id < 3").selectExpr("id", "upper(str) AS shout")
          .writeStream().format("memory").option("name", table).trigger(Trigger.availableNow())
          .option("checkpointLocation", dir.resolve("checkpoint").toString()).start();
      q.awaitTermination();
      assertThat(MemorySinkTable.get(table).rows()).containsExactly(Row.of(1, "HÉLLO"), Row.of(2, null));
    } finally {
      MemorySinkTable.remove(table);
    }
  }
}
