package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.delta.kernel.Scan;
import io.delta.kernel.Table;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files into a Delta table, exactly once across a real crash: a child JVM halts after the Delta
 * commit of batch 1 but before {@code commits/1}; a new JVM restarts on the same checkpoint,
 * replays batch 1, and the sink finds it in the table's log and skips it.
 */
class DeltaSinkCrashRecoveryTest {
  private static final int FILES = 3;
  private static final int ROWS_PER_FILE = 4;

  @TempDir Path dir;

  @Test
  void aReplayOfTheCommittedBatchIsSkippedAndEveryRowIsInTheTableOnce() throws Exception {
    Path input = dir.resolve("in");
    Path table = dir.resolve("table");
    Path checkpoint = dir.resolve("ckpt");
    List<String> expected = writeInput(input);

    assertThat(run(input, table, checkpoint, dir.resolve("progress-1.jsonl"), "AFTER_SINK_WRITE", "1"))
        .as("the child halted after the sink wrote batch 1").isEqualTo(137);
    assertThat(checkpoint.resolve("offsets").resolve("1")).exists();
    assertThat(checkpoint.resolve("commits").resolve("1")).doesNotExist();
    assertThat(txnEntries(table, 1)).as("batch 1 reached the Delta log before the halt").isEqualTo(1);

    Path progress = dir.resolve("progress-2.jsonl");
    assertThat(run(input, table, checkpoint, progress)).isZero();

    assertThat(tableRows(table)).containsExactlyInAnyOrderElementsOf(expected);
    for (int batch = 0; batch < FILES; batch++) {
      assertThat(txnEntries(table, batch)).as("Delta commits carrying batch " + batch).isEqualTo(1);
    }
    String replay = Files.readAllLines(progress).stream().filter(l -> l.contains("\"batchId\":1,"))
        .findFirst().orElseThrow(() -> new AssertionError("no progress for batch 1 after the restart"));
    assertThat(metric(replay, "numSkippedBatches")).as(replay).isEqualTo("1");
  }

  @ParameterizedTest(name = "halted at {0}")
  @ValueSource(strings = {"BEFORE_OFFSET_LOG_WRITE", "AFTER_OFFSET_LOG_WRITE", "INSIDE_SINK_WRITE", "BEFORE_COMMIT_LOG"})
  void aHaltAtAnyOtherPointAlsoEndsWithEveryRowOnceAndOneCommitPerBatch(String point) throws Exception {
    Path input = dir.resolve("in");
    Path table = dir.resolve("table");
    Path checkpoint = dir.resolve("ckpt");
    List<String> expected = writeInput(input);

    assertThat(run(input, table, checkpoint, dir.resolve("progress-1.jsonl"), point, "1"))
        .as("the child halted at " + point).isEqualTo(137);
    assertThat(run(input, table, checkpoint, dir.resolve("progress-2.jsonl"))).isZero();

    assertThat(tableRows(table)).containsExactlyInAnyOrderElementsOf(expected);
    for (int batch = 0; batch < FILES; batch++) {
      assertThat(txnEntries(table, batch)).as("Delta commits carrying batch " + batch).isEqualTo(1);
    }
  }

  @Test
  void twoQueriesWithTheirOwnSinkIdsWriteOneTableFromTwoProcessesAtOnce() throws Exception {
    Path table = dir.resolve("shared-table");
    List<String> expected = new ArrayList<>();
    List<Process> writers = new ArrayList<>();
    List<File> logs = new ArrayList<>();
    for (String writer : List.of("a", "b")) {
      Path input = dir.resolve("in-" + writer);
      expected.addAll(writeInput(input));
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      File log = Files.createTempFile(dir, "writer-" + writer + "-", ".log").toFile();
      logs.add(log);
      writers.add(new ProcessBuilder(java, "-Dit.txnAppId=writer-" + writer, "-cp", System.getProperty("java.class.path"),
          DeltaCrashChild.class.getName(), input.toString(), table.toString(), dir.resolve("ckpt-" + writer).toString(),
          dir.resolve("progress-" + writer + ".jsonl").toString()).redirectErrorStream(true).redirectOutput(log).start());
    }
    for (int i = 0; i < writers.size(); i++) {
      Process p = writers.get(i);
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new AssertionError("writer " + i + " failed; its output:\n" + Files.readString(logs.get(i).toPath()));
      }
    }
    // Both wrote the same ids: each writer's rows are all there, once per writer.
    assertThat(tableRows(table)).containsExactlyInAnyOrderElementsOf(expected);
    try (Stream<Path> log = Files.list(table.resolve("_delta_log"))) {
      assertThat(log.filter(f -> f.getFileName().toString().endsWith(".json")).count())
          .as("one commit per batch of each writer").isEqualTo(2L * FILES);
    }
  }

  /** {@code FILES} JSON-lines files, each moved into place whole; returns the rows as "id:key". */
  private static List<String> writeInput(Path input) throws IOException {
    Files.createDirectories(input);
    List<String> rows = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      StringBuilder text = new StringBuilder();
      for (int r = 0; r < ROWS_PER_FILE; r++) {
        long id = f * ROWS_PER_FILE + r;
        text.append("{\"id\":").append(id).append(",\"key\":\"k").append(id % 3).append("\"}\n");
        rows.add(id + ":k" + id % 3);
      }
      Path hidden = input.resolve(".part-" + f + ".tmp");
      Files.writeString(hidden, text);
      Files.move(hidden, input.resolve("part-" + f + ".json"), StandardCopyOption.ATOMIC_MOVE);
      // Distinct modification times keep the source's file order deterministic.
      input.resolve("part-" + f + ".json").toFile().setLastModified(1_700_000_000_000L + f * 1000L);
    }
    return rows;
  }

  private int run(Path input, Path table, Path checkpoint, Path progress, String... fault)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        DeltaCrashChild.class.getName(), input.toString(), table.toString(), checkpoint.toString(),
        progress.toString()));
    command.addAll(List.of(fault));
    File log = Files.createTempFile(dir, "child-", ".log").toFile();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM did not finish; its output:\n" + Files.readString(log.toPath()));
    }
    if (p.exitValue() != 0 && p.exitValue() != 137) {
      throw new AssertionError("child JVM failed; its output:\n" + Files.readString(log.toPath()));
    }
    return p.exitValue();
  }

  /** How many {@code txn} actions in the table's JSON commits carry this sink's id and {@code version}. */
  private static long txnEntries(Path table, long version) throws IOException {
    Pattern txn = Pattern.compile("\\{\"txn\":\\{[^}]*\"appId\":\"" + DeltaCrashChild.APP_ID
        + "\"[^}]*\"version\":" + version + "[,}]");
    long count = 0;
    try (Stream<Path> commits = Files.list(table.resolve("_delta_log"))) {
      for (Path commit : commits.filter(p -> p.toString().endsWith(".json")).collect(Collectors.toList())) {
        Matcher m = txn.matcher(Files.readString(commit));
        while (m.find()) {
          count++;
        }
      }
    }
    return count;
  }

  /** The value of a sink metric in one progress JSON line. */
  private static String metric(String progressJson, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]*)\"").matcher(progressJson);
    return m.find() ? m.group(1) : null;
  }

  /** Every row of the table's latest snapshot as "id:key", read with Delta Kernel alone. */
  private static List<String> tableRows(Path table) throws IOException {
    Engine engine = DefaultEngine.create(new Configuration());
    Scan scan = Table.forPath(engine, table.toString()).getLatestSnapshot(engine).getScanBuilder().build();
    Row scanState = scan.getScanState(engine);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(engine, scanState);
    List<String> out = new ArrayList<>();
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            CloseableIterator<ColumnarBatch> data = engine.getParquetHandler()
                .readParquetFiles(Utils.singletonCloseableIterator(status), physical, Optional.empty());
            try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(engine, scanState, scanFile, data)) {
              while (logical.hasNext()) {
                addRows(logical.next(), out);
              }
            }
          }
        }
      }
    }
    return out;
  }

  private static void addRows(FilteredColumnarBatch batch, List<String> out) {
    ColumnarBatch data = batch.getData();
    StructType schema = data.getSchema();
    for (int r = 0; r < data.getSize(); r++) {
      if (batch.getSelectionVector().isPresent() && !batch.getSelectionVector().get().getBoolean(r)) {
        continue;
      }
      out.add(data.getColumnVector(schema.indexOf("id")).getLong(r) + ":"
          + data.getColumnVector(schema.indexOf("key")).getString(r));
    }
  }
}
