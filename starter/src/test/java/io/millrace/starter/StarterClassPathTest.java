package io.millrace.starter;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.SinkTable;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.spi.data.Row;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a Java API user gets from the starter alone: a class path without Hadoop, the AWS SDK,
 * Delta, RocksDB or the TCK, on which a windowed count reads JSON files and keeps its state in
 * the default {@code hdfs} store on local disk.
 */
class StarterClassPathTest {
  /** Path fragments (Maven repository layout) of what the starter must not bring. */
  private static final List<String> NOT_IN_THE_STARTER = List.of(
      "/org/apache/hadoop/", "/software/amazon/", "/io/delta/", "/org/apache/parquet/", "/org/rocksdb/",
      "/org/junit/", "millrace-tck", "millrace-plugin-hadoop-storage", "millrace-plugin-delta-sink",
      "millrace-plugin-file-sink",
      "millrace-plugin-rocksdb-state");

  @TempDir Path dir;

  @Test
  void theStartersRuntimeClassPathHoldsNoHadoopAwsSdkDeltaRocksDbOrTck() throws IOException {
    List<String> entries = starterClassPath();
    long bytes = entries.stream().mapToLong(StarterClassPathTest::size).sum();
    System.out.printf("millrace-starter resolves %d class path entries, %.1f MB:%n%s%n",
        entries.size(), bytes / 1e6, String.join("\n", entries));

    assertThat(entries).as("the starter's runtime class path").isNotEmpty()
        .noneMatch(e -> NOT_IN_THE_STARTER.stream().anyMatch(e.replace(File.separatorChar, '/')::contains));
    assertThat(entries).anyMatch(e -> e.contains("millrace-runtime") || e.contains("runtime/target/classes"))
        .anyMatch(e -> e.contains("millrace-plugin-hdfs-state") || e.contains("plugin-hdfs-state/target/classes"))
        .anyMatch(e -> e.contains("millrace-plugin-file-source") || e.contains("plugin-file-source/target/classes"));
  }

  @Test
  void aLocalWindowedCountKeepsItsStateInTheHdfsStoreWithoutHadoopClasses() throws Exception {
    assertThatThrownBy(() -> Class.forName("org.apache.hadoop.fs.FileSystem"))
        .as("Hadoop on the test class path").isInstanceOf(ClassNotFoundException.class);
    Path input = Files.createDirectories(dir.resolve("events"));
    Files.writeString(input.resolve("part-0.json"), """
        {"ts": "2024-05-01T10:00:05Z", "key": "a"}
        {"ts": "2024-05-01T10:00:35Z", "key": "a"}
        {"ts": "2024-05-01T10:00:40Z", "key": "b"}
        """);
    Files.writeString(input.resolve("part-1.json"), """
        {"ts": "2024-05-01T10:01:10Z", "key": "a"}
        """);
    Path checkpoint = dir.resolve("checkpoint");

    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = session.readStream().format("file").schema("ts TIMESTAMP, key STRING")
          .option("path", input.toString()).option("format", "json").load()
          .groupBy(window(col("ts"), "1 minute"), col("key")).agg(count("*").as("events"))
          .writeStream().format("memory").option("name", "starter-counts").outputMode("complete")
          .trigger(Trigger.availableNow()).option("checkpointLocation", checkpoint.toString())
          .start();
      query.awaitTermination();
      SinkTable table = query.readSinkTable(100).sorted();

      assertThat(table.rows()).extracting(StarterClassPathTest::text).containsExactly(
          "2024-05-01T10:00:00Z a 2", "2024-05-01T10:00:00Z b 1", "2024-05-01T10:01:00Z a 1");
    }
    try (Stream<Path> stateFiles = Files.walk(checkpoint.resolve("state"))) {
      assertThat(stateFiles.map(p -> p.getFileName().toString())).as("the hdfs store's files")
          .anyMatch(name -> name.endsWith(".delta"));
    }
  }

  @Test
  void aParquetSourceWithoutParquetOnTheClassPathFailsAtStartNamingWhatItNeeds() throws Exception {
    Path input = Files.createDirectories(dir.resolve("parquet"));
    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> session.readStream().format("file").schema("id INT")
          .option("path", input.toString()).option("format", "parquet").load()
          .writeStream().format("memory").option("name", "starter-parquet")
          .option("checkpointLocation", dir.resolve("checkpoint").toString()).start())
          .hasStackTraceContaining("with format parquet needs Apache Parquet and Hadoop's client on the class path")
          .hasStackTraceContaining("org.apache.parquet:parquet-hadoop");
    }
  }

  /** A row as its window's start, key and count. */
  private static String text(Row row) {
    return Instant.EPOCH.plus(row.getStruct(0).getTimestampMicros(0), ChronoUnit.MICROS)
        + " " + row.get(1) + " " + row.get(2);
  }

  /** The runtime class path of the starter as the build resolved it (dependency:build-classpath). */
  private static List<String> starterClassPath() throws IOException {
    String file = System.getProperty("millrace.starter.classpath");
    assertThat(file).as("system property millrace.starter.classpath; run the tests through Maven").isNotNull();
    String text = Files.readString(Path.of(file)).strip();
    return Arrays.stream(text.split(File.pathSeparator)).filter(s -> !s.isBlank()).toList();
  }

  private static long size(String entry) {
    Path path = Path.of(entry);
    if (!Files.isDirectory(path)) {
      return path.toFile().length();
    }
    try (Stream<Path> files = Files.walk(path)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
