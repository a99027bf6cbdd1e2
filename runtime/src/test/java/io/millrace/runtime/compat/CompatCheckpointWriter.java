package io.millrace.runtime.compat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Wrote the checkpoints under {@code runtime/src/test/resources/compat/v1} that
 * {@link PreviousReleaseCheckpointTest} restarts, and printed that test's expected rows.
 *
 * <p><b>It was run once, on the engine of commit f44c41e (the previous release; the commits that
 * added this class changed no main code), and must NOT be run again on a later engine:</b> the
 * resources are facts about the format that release wrote, and rewriting them with a newer
 * engine would make the test compare the new engine with itself. To keep the format of a later
 * release, add a {@code compat/v2} beside them.
 *
 * <p>Nothing in them depends on the machine or the directory they were written in: the memory
 * source's offsets are row counts, the logs hold no path. The one trace of the machine is the
 * host name ({@code vm}) that RocksDB writes into each SST file's table properties
 * ({@code rocksdb.creating.host.identity}, its {@code db_host_id} default); RocksDB never reads it back.
 *
 * <p>For each {@link CompatQuery}, a child JVM runs steps 0 to {@link CompatQuery#CRASHED_STEP}
 * and halts ({@code Runtime.halt}, as a crash) at {@link FaultPoint#BEFORE_COMMIT_LOG} of batch
 * {@link CompatQuery#CRASHED_BATCH}; the parent then copies its checkpoint into the resources.
 * With {@code --uninterrupted} it instead runs every query over every step without a crash and
 * prints each batch's rows and state row count, as the test writes them.
 *
 * <pre>
 * ./mvnw -B -q -pl runtime -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp runtime/target/test-classes:runtime/target/classes:$(cat /tmp/cp.txt) \
 *     io.millrace.runtime.compat.CompatCheckpointWriter runtime/src/test/resources/compat/v1
 * java -cp ... io.millrace.runtime.compat.CompatCheckpointWriter --uninterrupted
 * </pre>
 */
public final class CompatCheckpointWriter {
  private static final int HALTED = 137;

  private CompatCheckpointWriter() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 4 && args[0].equals("--child")) {
      runUntilTheCrash(CompatQuery.valueOf(args[1]), Path.of(args[2]), Path.of(args[3]));
    } else if (args.length == 1 && args[0].equals("--uninterrupted")) {
      for (CompatQuery query : CompatQuery.values()) {
        printUninterrupted(query);
      }
    } else if (args.length == 1) {
      for (CompatQuery query : CompatQuery.values()) {
        write(query, Path.of(args[0]).resolve(query.dir));
      }
    } else {
      throw new IllegalArgumentException("usage: CompatCheckpointWriter RESOURCES_DIR | --uninterrupted");
    }
  }

  /** Runs the crashing child and copies its checkpoint to {@code target}, replacing what is there. */
  private static void write(CompatQuery query, Path target) throws IOException, InterruptedException {
    Path work = Files.createTempDirectory("compat-" + query.dir);
    Path checkpoint = work.resolve("checkpoint");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    File log = work.resolve("child.log").toFile();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CompatCheckpointWriter.class.getName(), "--child", query.name(), checkpoint.toString(),
        work.resolve("local").toString())
        .redirectErrorStream(true).redirectOutput(log).start();
    if (!child.waitFor(120, TimeUnit.SECONDS) || child.exitValue() != HALTED) {
      child.destroyForcibly();
      throw new IllegalStateException(query + ": the child did not halt at the crash point; its output:\n"
          + Files.readString(log.toPath()));
    }
    if (!Files.exists(checkpoint.resolve("offsets/" + CompatQuery.CRASHED_BATCH))
        || Files.exists(checkpoint.resolve("commits/" + CompatQuery.CRASHED_BATCH))) {
      throw new IllegalStateException(query + ": batch " + CompatQuery.CRASHED_BATCH + " is not offset-logged and uncommitted");
    }
    deleteTree(target);
    try (Stream<Path> files = Files.walk(checkpoint)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path copy = target.resolve(checkpoint.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(file, copy);
        }
      }
    }
    deleteTree(work);
    System.out.println(query + ": wrote " + target);
  }

  /** In the child: the steps up to the crashed one, each an available-now run in a new session. */
  private static void runUntilTheCrash(CompatQuery query, Path checkpoint, Path localDir) throws Exception {
    FaultInjector crash = (point, batch) -> {
      if (point == FaultPoint.BEFORE_COMMIT_LOG && batch == CompatQuery.CRASHED_BATCH) {
        Runtime.getRuntime().halt(HALTED);
      }
    };
    MemoryStream stream = MemoryStream.create(query.input(), query.shape.schema);
    for (int step = 0; step <= CompatQuery.CRASHED_STEP; step++) {
      stream.addData(query.shape.steps.get(step));
      try (MillraceSession session = query.session(localDir).faultInjector(crash).build()) {
        query.start(session, checkpoint, "compat-sink").awaitTermination();
      }
    }
    throw new IllegalStateException("step " + CompatQuery.CRASHED_STEP + " did not reach batch " + CompatQuery.CRASHED_BATCH);
  }

  /** Runs every step without a crash and prints each batch as the test's expected facts. */
  private static void printUninterrupted(CompatQuery query) throws Exception {
    Path work = Files.createTempDirectory("compat-clean-" + query.dir);
    String sink = "compat-clean-" + query.dir;
    MemoryStream stream = MemoryStream.create(query.input(), query.shape.schema);
    List<String> lines = new ArrayList<>();
    try {
      for (List<Row> rows : query.shape.steps) {
        stream.addData(rows);
        try (MillraceSession session = query.session(work.resolve("local")).build()) {
          session.streams().addListener(new StreamingQueryListener() {
            private int seen = MemorySinkTable.find(sink).map(t -> t.rows().size()).orElse(0);

            @Override
            public void onQueryProgress(QueryProgressEvent event) {
              StreamingQueryProgress p = event.progress();
              List<Row> all = MemorySinkTable.get(sink).rows();
              List<String> batch = new ArrayList<>();
              for (Row r : all.subList(seen, all.size())) {
                batch.add(literal(r));
              }
              batch.sort(Comparator.naturalOrder());
              seen = all.size();
              lines.add("batch(" + p.batchId() + ", " + p.stateOperators().get(0).numRowsTotal() + (batch.isEmpty() ? "" : ", ")
                  + String.join(", ", batch) + "),");
            }
          });
          query.start(session, work.resolve("checkpoint"), sink).awaitTermination();
        }
      }
    } finally {
      MemoryStream.remove(query.input());
      MemorySinkTable.remove(sink);
      deleteTree(work);
    }
    System.out.println(query + ":");
    lines.forEach(l -> System.out.println("    " + l));
  }

  /** A row as the test writes it: {@code agg("12:05", "12:10", "a", 2, 5.0)} or {@code dedup("a", "12:00", 1)}. */
  private static String literal(Row r) {
    if (r.size() == 4) {
      Row window = r.getStruct(0);
      return "agg(\"" + time(window.getLong(0)) + "\", \"" + time(window.getLong(1)) + "\", \"" + r.getString(1) + "\", "
          + r.getLong(2) + ", " + r.getDouble(3) + ")";
    }
    return "dedup(\"" + r.getString(0) + "\", \"" + time(r.getLong(1)) + "\", " + r.getLong(2) + ")";
  }

  private static String time(long micros) {
    Instant t = Instant.ofEpochMilli(micros / 1000);
    String text = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC).format(t);
    return text.endsWith(":00") ? text.substring(0, 5) : text;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
