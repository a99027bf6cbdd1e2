package io.millrace.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.storage.hadoop.MiniHdfs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as {@code package} built it in {@code target/millrace}, run the way users run
 * it: {@code bin/millrace} in a child process. lib/ holds the runtime and its own libraries;
 * each plugin comes from its folder of plugins/, in a class loader of its own; the README's
 * first command and a checkpoint on HDFS work across those class loaders.
 */
class DistributionIT {
  private static final Path DIST = Path.of(System.getProperty("millrace.dist"));
  private static final Path EXAMPLES = Path.of(System.getProperty("millrace.examples")).toAbsolutePath().normalize();
  private static final String VERSION = "0.1.0-SNAPSHOT";

  /** The plugin folders and a jar each must hold (besides the plugin's own). */
  private static final Map<String, String> FOLDERS = Map.of(
      "hdfs-state", "lz4-java-", "hadoop-storage", "hadoop-client-api-", "file-source", "jackson-core-",
      "delta-sink", "delta-kernel-defaults-", "rocksdb-state", "rocksdbjni-", "file-sink", "parquet-hadoop-",
      "kafka", "kafka-clients-");

  /** Libraries of plugins or of the TCK: none may be on the runtime's class path. */
  private static final Pattern NOT_IN_LIB = Pattern.compile(
      "(hadoop|aws|s3-|sdk-core|netty|delta|parquet|rocksdb|lz4|zstd|kafka|junit|opentest4j|millrace-tck|millrace-plugin-).*");

  @TempDir Path tmp;

  private record Run(int exitCode, String out, String err) {}

  @Test
  void libHoldsTheRuntimeItsLibrariesTheBuiltInsAndLoggingOnly() throws IOException {
    List<String> lib = names(DIST.resolve("lib"));

    assertThat(lib).contains("millrace-runtime-" + VERSION + ".jar", "millrace-api-" + VERSION + ".jar", "millrace-spi-" + VERSION + ".jar",
        "millrace-plugins-" + VERSION + ".jar", "slf4j-simple-2.0.20.jar", "slf4j-jdk-platform-logging-2.0.20.jar");
    assertThat(lib).noneMatch(name -> NOT_IN_LIB.matcher(name).matches());
    assertThat(names(DIST.resolve("tck"))).contains("millrace-tck-" + VERSION + ".jar")
        .anyMatch(n -> n.startsWith("junit-platform-launcher-")).anyMatch(n -> n.startsWith("junit-jupiter-engine-"))
        .noneMatch(n -> n.startsWith("millrace-runtime") || n.startsWith("hadoop"));
    assertThat(Files.isExecutable(DIST.resolve("bin/millrace"))).isTrue();
  }

  @Test
  void eachPluginHasAFolderWithItsOwnLibrariesAndNeitherTheSpiNorSlf4j() throws IOException {
    assertThat(names(DIST.resolve("plugins"))).containsExactlyInAnyOrderElementsOf(FOLDERS.keySet());
    for (Map.Entry<String, String> folder : FOLDERS.entrySet()) {
      List<String> jars = names(DIST.resolve("plugins").resolve(folder.getKey()));
      assertThat(jars).as(folder.getKey())
          .contains("millrace-plugin-" + folder.getKey() + "-" + VERSION + ".jar")
          .anyMatch(n -> n.startsWith(folder.getValue()))
          .noneMatch(n -> n.startsWith("millrace-spi") || n.startsWith("slf4j-api") || n.startsWith("millrace-runtime"));
    }
    assertThat(names(DIST.resolve("plugins/hdfs-state"))).as("the hdfs state store needs no Hadoop").hasSize(3);
    assertThat(names(DIST.resolve("plugins/delta-sink"))).as("Delta's own Hadoop")
        .anyMatch(n -> n.startsWith("hadoop-client-api-"));
  }

  @Test
  void millracePluginsShowsEachPluginFromItsFolder() throws Exception {
    Run run = millrace("plugins");

    assertThat(run.exitCode()).as(run.err()).isZero();
    Path plugins = DIST.resolve("plugins");
    assertThat(run.out().lines()).first().isEqualTo("plugins directories: " + plugins);
    assertThat(row(run, "state store", "hdfs")).endsWith(" plugins dir  " + plugins.resolve("hdfs-state"));
    assertThat(row(run, "state store", "rocksdb")).endsWith(" plugins dir  " + plugins.resolve("rocksdb-state"));
    assertThat(row(run, "storage", "hadoop")).endsWith(" plugins dir  " + plugins.resolve("hadoop-storage"));
    assertThat(row(run, "source", "file")).endsWith(" plugins dir  " + plugins.resolve("file-source"));
    assertThat(row(run, "sink", "delta")).endsWith(" plugins dir  " + plugins.resolve("delta-sink"));
    for (String format : List.of("json", "csv", "text", "parquet")) {
      assertThat(row(run, "sink", format)).endsWith(" plugins dir  " + plugins.resolve("file-sink"));
    }
    assertThat(row(run, "storage", "local"))
        .endsWith(" class path   " + DIST.resolve("lib/millrace-plugins-" + VERSION + ".jar"));
  }

  @Test
  void theReadmesFirstCommandRunsOnTheDistribution() throws Exception {
    Path job = exampleJob(tmp.resolve("checkpoint").toString());

    Run run = millrace("run", job.toString(), "--show", "30");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("end-to-end guarantee: exactly-once").contains("4 batch(es) ran")
        .containsPattern("the sink holds \\d+ row\\(s\\):");
    assertThat(run.out().lines().filter(l -> l.startsWith("|")).findFirst()).get()
        .satisfies(header -> assertThat(header.replace(" ", "")).isEqualTo("|window|key|events|total|"));
    assertThat(run.err()).as("each plugin's libraries log through the runtime's SLF4J").doesNotContain("SLF4J");
    assertThat(run.err()).as("Hadoop's shutdown hook in delta-sink's class loader, at exit")
        .doesNotContain("Exception in thread").doesNotContain("NoClassDefFoundError");
  }

  @Test
  void theExampleWritesPartitionedParquetThroughTheFileSinkFolder() throws Exception {
    Path job = exampleJob(tmp.resolve("checkpoint").toString());
    Files.writeString(job, Files.readString(job).replace("  format: delta\n", "  format: parquet\n")
        .replace("    path: " + tmp.resolve("table"), "    path: " + tmp.resolve("table") + "\n    partitionBy: key"));
    assertThat(Files.readString(job)).contains("format: parquet").contains("partitionBy: key");

    Run run = millrace("run", job.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("end-to-end guarantee: exactly-once").contains("4 batch(es) ran");
    assertThat(run.err()).doesNotContain("Exception in thread").doesNotContain("NoClassDefFoundError");
    List<String> files;
    try (Stream<Path> walk = Files.walk(tmp.resolve("table"))) {
      files = walk.filter(Files::isRegularFile).map(p -> tmp.resolve("table").relativize(p).toString()).toList();
    }
    assertThat(files).as("Parquet files in key= directories, Parquet and Hadoop loaded from plugins/file-sink")
        .anyMatch(f -> f.matches("key=k\\d+/part-\\d{5}-[0-9a-f-]{36}\\.c000\\.snappy\\.parquet"))
        .anyMatch(f -> f.startsWith("_millrace_metadata/"));
  }

  @Test
  void aCheckpointOnHdfsGoesThroughTheHadoopStorageFolderForTheQueryAndTheHdfsStore() throws Exception {
    try (MiniHdfs hdfs = MiniHdfs.start()) {
      String checkpoint = hdfs.hdfsUri() + "/checkpoints/events";
      Path job = exampleJob(checkpoint);
      List<String> args = new ArrayList<>(List.of("run", job.toString()));
      MiniHdfs.OPTIONS.forEach((k, v) -> args.addAll(List.of("--conf", k + "=" + v)));

      Run run = millrace(args.toArray(String[]::new));

      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).contains("4 batch(es) ran");
      FileSystem fs = hdfs.fileSystem();
      assertThat(fs.exists(new org.apache.hadoop.fs.Path(checkpoint + "/commits/3"))).as("commits/3").isTrue();
      List<String> stateFiles = new ArrayList<>();
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(new org.apache.hadoop.fs.Path(checkpoint + "/state"), true);
      while (files.hasNext()) {
        stateFiles.add(files.next().getPath().getName());
      }
      assertThat(stateFiles).as("the hdfs store's files").anyMatch(name -> name.endsWith(".delta"));
    }
  }

  @Test
  void millraceTckRunsTheContractSuitesFromTheTckFolder() throws Exception {
    Run run = millrace("tck", "--plugin-jar", DIST.resolve("lib/millrace-plugins-" + VERSION + ".jar").toString(),
        "--config", EXAMPLES.resolve("tck/builtins.properties").toString(), "--report-dir", tmp.resolve("tck").toString(),
        "--allow-unchecked");

    // The built-in sources and sinks ship no kits (their suites run in the module's own tests):
    // without --allow-unchecked the runner exits 2 for them; with it, it still names them.
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("source 'rate'").contains("not checked");
    assertThat(tmp.resolve("tck/report.json")).exists();
  }

  /** The README's example job with its input, table and checkpoint moved: the table into {@link #tmp}. */
  private Path exampleJob(String checkpoint) throws IOException {
    String yaml = Files.readString(EXAMPLES.resolve("events-to-delta.yaml"))
        .replace("path: examples/data/events", "path: " + EXAMPLES.resolve("data/events"))
        .replace("path: target/tables/event-counts", "path: " + tmp.resolve("table"))
        .replace("checkpointLocation: target/checkpoints/events-to-delta", "checkpointLocation: " + checkpoint);
    assertThat(yaml).contains(tmp.resolve("table").toString()).contains(checkpoint);
    return Files.writeString(tmp.resolve("job.yaml"), yaml);
  }

  /** The one line of {@code millrace plugins} for the plugin of {@code kind} named {@code name}. */
  private static String row(Run run, String kind, String name) {
    List<String> rows = run.out().lines().filter(l -> l.startsWith(kind + " ") && l.substring(13).startsWith(name + " ")).toList();
    assertThat(rows).as(kind + " '" + name + "' in\n" + run.out()).hasSize(1);
    return rows.get(0);
  }

  /** Runs {@code bin/millrace args} in {@link #tmp} and waits for it. */
  private Run millrace(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(DIST.resolve("bin/millrace").toString()));
    command.addAll(List.of(args));
    Path out = tmp.resolve("stdout.txt");
    Path err = tmp.resolve("stderr.txt");
    ProcessBuilder builder = new ProcessBuilder(command).directory(tmp.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().remove("MILLRACE_PLUGINS_DIR");
    Process child = builder.start();
    assertThat(child.waitFor(3, TimeUnit.MINUTES)).as("bin/millrace %s ended", String.join(" ", args)).isTrue();
    return new Run(child.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
