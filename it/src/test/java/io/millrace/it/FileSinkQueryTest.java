package io.millrace.it;

import static io.millrace.api.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.runtime.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file sinks behind the engine: the API's {@code partitionBy(..)} and a job file's
 * {@code partitionBy} option reach the sink, four batches from the file source land in
 * {@code key=..} directories exactly once, a rerun adds nothing, and update mode is refused.
 */
class FileSinkQueryTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aQueryWritesPartitionedParquetThroughTheApisPartitionBy() throws Exception {
    Path input = input();
    Path out = dir.resolve("out");
    for (int run = 0; run < 2; run++) {
      try (MillraceSession session = MillraceSession.builder().build()) {
        StreamingQuery query = session.readStream().format("file").schema("id LONG, key STRING, amount DOUBLE")
            .option("format", "json").option("path", input.toString()).option("maxFilesPerTrigger", 1L).load()
            .filter(col("amount").gt(1.0))
            .writeStream().format("parquet").partitionBy("key").option("path", out.toString()).outputMode("append")
            .option("checkpointLocation", dir.resolve("checkpoint").toString()).trigger(Trigger.availableNow()).start();
        query.awaitTermination();
        assertThat(query.exception()).isEmpty();
      }
    }
    List<String> files = dataFiles(out);
    assertThat(files).allMatch(f -> f.matches("key=k[0-2]/part-\\d{5}-[0-9a-f-]{36}\\.c000\\.snappy\\.parquet"));
    List<String> rows = new ArrayList<>();
    for (String f : files) {
      try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
          new org.apache.hadoop.fs.Path(out.resolve(f).toUri())).withConf(new Configuration()).build()) {
        for (Group g = reader.read(); g != null; g = reader.read()) {
          assertThat(g.getType().getFieldCount()).as("the partition column is left out of the file").isEqualTo(2);
          rows.add(f.substring(0, f.indexOf('/')) + " id=" + g.getLong("id", 0));
        }
      }
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(expected());
  }

  @Test
  void aJobFilesPartitionByOptionReachesTheJsonSink() throws Exception {
    Path input = input();
    Path out = dir.resolve("json-out");
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "name: to-json",
        "source:",
        "  format: file",
        "  schema: \"id LONG, key STRING, amount DOUBLE\"",
        "  options: {path: " + input + ", format: json, maxFilesPerTrigger: 1}",
        "pipeline:",
        "  - filter: \"amount > 1.0\"",
        "sink:",
        "  format: json",
        "  outputMode: append",
        "  options: {path: " + out + ", partitionBy: key}",
        "trigger: availableNow",
        "checkpointLocation: " + dir.resolve("checkpoint-json"),
        ""));
    assertThat(Main.execute(new String[] {"run", job.toString()})).isZero();
    List<String> rows = new ArrayList<>();
    for (String f : dataFiles(out)) {
      for (String line : Files.readAllLines(out.resolve(f))) {
        JsonNode node = JSON.readTree(line);
        assertThat(node.has("key")).as("the partition column is left out of the file").isFalse();
        rows.add(f.substring(0, f.indexOf('/')) + " id=" + node.get("id").asLong());
      }
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(expected());
  }

  @Test
  void updateModeIsRefusedAtStart() throws Exception {
    Path input = input();
    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> session.readStream().format("file").schema("id LONG, key STRING, amount DOUBLE")
          .option("format", "json").option("path", input.toString()).load()
          .groupBy(col("key")).count()
          .writeStream().format("json").option("path", dir.resolve("x").toString()).outputMode("update")
          .option("checkpointLocation", dir.resolve("checkpoint-u").toString()).start())
          .hasMessageContaining("sink 'json'").hasMessageContaining("update");
    }
  }

  /** Four files of five rows: ids 0..19, key k(id % 3), amount id / 2. */
  private Path input() throws IOException {
    Path input = Files.createDirectories(dir.resolve("in"));
    for (int f = 0; f < 4; f++) {
      StringBuilder lines = new StringBuilder();
      for (int i = 5 * f; i < 5 * f + 5; i++) {
        lines.append("{\"id\":").append(i).append(",\"key\":\"k").append(i % 3).append("\",\"amount\":")
            .append(i / 2.0).append("}\n");
      }
      Files.writeString(input.resolve("part-" + f + ".json"), lines);
    }
    return input;
  }

  private static List<String> expected() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      if (i / 2.0 > 1.0) {
        out.add("key=k" + (i % 3) + " id=" + i);
      }
    }
    return out;
  }

  /** Data files as a plain reader lists them: no path part starting with _ or . */
  private static List<String> dataFiles(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files.filter(Files::isRegularFile).map(p -> out.relativize(p).toString())
          .filter(rel -> Stream.of(rel.split("/")).noneMatch(p -> p.startsWith("_") || p.startsWith(".")))
          .sorted().toList();
    }
  }
}
