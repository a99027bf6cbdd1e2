package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stateless query over a source faster than the engine: the rate source at 10,000,000 rows a
 * second, filtered, into the console sink, for 60 s in a child JVM with a 1 GB heap. Each batch
 * takes everything that arrived while the last one ran, so batches grow until one holds more
 * rows than the heap could (about 70 bytes a row as objects); the runtime streams each task's
 * rows to the sink's task writer instead of gathering the batch, so no OutOfMemoryError
 * ({@code -XX:+ExitOnOutOfMemoryError} would end the child with exit code 3), and the progress
 * says the query is falling behind. The stop at the end abandons the batch in flight.
 */
// Measured against the wall clock or a small heap: alone, never beside the Kafka crash matrix's child JVMs.
@Isolated
class FastRateUnderSmallHeapTest {
  private static final int MAX_HEAP_MB = 1024;
  private static final String ROWS_PER_SECOND = "10000000";
  private static final int SECONDS = 60;
  private static final int TIMEOUT_SECONDS = 240;
  /** More rows than fit in the heap as objects: a batch this large was streamed, not gathered. */
  private static final long ROWS_BEYOND_THE_HEAP = 20_000_000;

  @TempDir
  Path root;

  @Test
  void runsAMinuteUnderOneGigabyteAndSaysItFallsBehind() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = root.resolve("child.log");
    List<String> command = List.of(java, "-Xmx" + MAX_HEAP_MB + "m", "-XX:+ExitOnOutOfMemoryError",
        "-cp", System.getProperty("java.class.path"), FastRateQueryChild.class.getName(),
        root.resolve("checkpoint").toUri().toString(), ROWS_PER_SECOND, String.valueOf(SECONDS));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor();
      throw new AssertionError("the child did not end within " + TIMEOUT_SECONDS + " s; its output:\n" + tail(log));
    }
    String output = Files.readString(log);
    System.out.println("fast rate child: exit " + child.exitValue() + "; " + tail(log));
    assertThat(child.exitValue()).as("exit code of the child (3: OutOfMemoryError); its output:\n" + tail(log)).isZero();
    assertThat(output).contains("maxHeapMB=" + MAX_HEAP_MB).contains("is falling behind");
    Matcher end = Pattern.compile("batches=(\\d+) rows=(\\d+) largestBatch=(\\d+) behind=(\\d+) stopMs=(\\d+)")
        .matcher(output);
    assertThat(end.find()).as("the child's summary line; its output:\n" + tail(log)).isTrue();
    assertThat(Long.parseLong(end.group(3))).as("the largest batch's rows").isGreaterThan(ROWS_BEYOND_THE_HEAP);
    assertThat(Long.parseLong(end.group(4))).as("batches whose progress says fallingBehind").isPositive();
    assertThat(output).contains("abandoned by a stop");
  }

  private static String tail(Path log) throws Exception {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 12), lines.size()));
  }
}
