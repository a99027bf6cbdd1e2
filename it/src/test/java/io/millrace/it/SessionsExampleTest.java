package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sessionization examples over the sample events into a Delta table write Spark 4.0.1's
 * closed sessions: {@code examples/sessions/SessionsToDelta.java} (transformWithState), run as
 * its javadoc says (Java's source launcher, in a JVM of its own), and
 * {@code examples/sessions-to-delta.yaml} (session_window), run by the CLI. Spark's figures, from spark-baseline's
 * sessions benchmark on the same three files ({@code ./run.sh bench --bench sessions --data
 * <examples/data/events as input/> --impl session_window|tws --provider rocksdb --shuffle 4
 * --max-files 1 --gap "30 seconds" --watermark "1 minute"}, both impls alike): 9 sessions, 495
 * events, 3,733,753 ms of session length, 12,131,168 cents, no row late.
 */
class SessionsExampleTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
  private static final DateTimeFormatter SHOWN = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().toFormatter();

  @TempDir Path dir;

  @Test
  void theJavaExampleWritesSparksSessionsToDelta() throws Exception {
    String first = runExample();
    List<String[]> rows = table(first);
    assertSparksSessions(rows);

    String again = runExample();
    assertThat(table(again)).as("a second run finds no new files and writes nothing twice")
        .usingElementComparator((a, b) -> String.join("|", a).compareTo(String.join("|", b))).isEqualTo(rows);
  }

  @Test
  void theJobFileWritesTheSameSessionsWithSessionWindow() throws Exception {
    String yaml = Files.readString(EXAMPLES.resolve("sessions-to-delta.yaml"));
    String moved = replaceOnce(yaml, "path: examples/data/events", "path: " + EXAMPLES.resolve("data/events"));
    moved = replaceOnce(moved, "path: target/tables/session-counts", "path: " + dir.resolve("table"));
    moved = replaceOnce(moved, "checkpointLocation: target/checkpoints/sessions-to-delta",
        "checkpointLocation: " + dir.resolve("checkpoint"));
    Path job = Files.writeString(dir.resolve("sessions-to-delta.yaml"), moved);

    String output = CliRuns.run("run", job.toString(), "--show", "30");
    List<String[]> rows = table(output.substring(output.indexOf("the sink holds")));
    assertSparksSessions(rows);
    assertThat(CliRuns.run("run", job.toString(), "--show", "30")).contains("0 batch(es) ran");
  }

  private static String replaceOnce(String text, String from, String to) {
    assertThat(text).as("the example job file").containsOnlyOnce(from);
    return text.replace(from, to);
  }

  private static void assertSparksSessions(List<String[]> rows) {
    assertThat(rows).hasSize(9);
    long events = 0;
    long lengthMs = 0;
    long cents = 0;
    for (String[] r : rows) {
      lengthMs += millis(r[2]) - millis(r[1]);
      events += Long.parseLong(r[3]);
      cents += Math.round(Double.parseDouble(r[4]) * 100);
    }
    assertThat(events).isEqualTo(495);
    assertThat(lengthMs).isEqualTo(3_733_753L);
    assertThat(cents).isEqualTo(12_131_168L);
  }

  private String runExample() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path plugins = Files.createDirectories(dir.resolve("no-plugins")); // the sink is on this class path
    List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"),
        EXAMPLES.resolve("sessions/SessionsToDelta.java").toString(), EXAMPLES.resolve("data/events").toString(),
        dir.resolve("table").toString(), dir.resolve("checkpoint").toString(), plugins.toString());
    File log = dir.resolve("example.log").toFile();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the example finished").isTrue();
    String output = Files.readString(log.toPath());
    assertThat(p.exitValue()).as(output).isZero();
    return output;
  }

  /** The rows of the table the example printed: key, start, end, events, total. */
  private static List<String[]> table(String output) {
    List<String[]> rows = new ArrayList<>();
    for (String line : output.lines().filter(l -> l.startsWith("|")).skip(1).toList()) {
      String[] cells = line.split("\\|");
      String[] r = new String[cells.length - 1];
      for (int i = 1; i < cells.length; i++) {
        r[i - 1] = cells[i].trim();
      }
      rows.add(r);
    }
    return rows;
  }

  private static long millis(String shown) {
    return LocalDateTime.parse(shown, SHOWN).toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
