package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The point of the {@code rocksdb} state store: a query whose state does not fit on the heap.
 * A child JVM with {@code -Xmx256m} counts 5,000,000 distinct keys ({@link LargeStateQueryChild}):
 * with {@code rocksdb} it ends with every key in state; with {@code hdfs}, which keeps the state
 * on the heap (about 70 bytes a key here), it runs out of memory part way.
 *
 * <p>{@code -XX:+ExitOnOutOfMemoryError} ends a child at its first OutOfMemoryError, with exit
 * code 3 and "Terminating due to java.lang.OutOfMemoryError" on stderr, instead of letting it
 * limp on in GC. Batches of 25,000 rows keep the runtime's per-batch working set (the batch's
 * rows, routed keys and pending writes, a few hundred bytes a row) small beside the heap: at
 * 250,000 rows a batch the same run spends most of its time in full GCs.
 */
class LargeStateUnderSmallHeapTest {
  private static final long KEYS = 5_000_000;
  private static final String ROWS_PER_BATCH = "25000";
  private static final int MAX_HEAP_MB = 256;
  private static final int TIMEOUT_SECONDS = 300;

  @TempDir
  Path root;

  @Test
  void rocksDbHoldsFiveMillionKeysUnder256MbOfHeap() throws Exception {
    Child child = run("rocksdb");
    assertThat(child.exit).as("exit code of the rocksdb child; its output:\n" + child.output).isZero();
    assertThat(child.output).contains("maxHeapMB=" + MAX_HEAP_MB)
        .contains("numRowsTotal=" + KEYS + " rowsOut=" + KEYS);
  }

  @Test
  void hdfsRunsOutOfHeapOnTheSameQuery() throws Exception {
    Child child = run("hdfs");
    assertThat(child.exit).as("exit code of the hdfs child (3: ExitOnOutOfMemoryError); its output:\n" + child.output)
        .isEqualTo(3);
    assertThat(child.output).contains("maxHeapMB=" + MAX_HEAP_MB).contains("batch 0: ")
        .contains("OutOfMemoryError").doesNotContain("numRowsTotal=" + KEYS + " ");
  }

  private record Child(int exit, String output) {}

  /** Runs the query on {@code provider} in a child JVM with the small heap; stdout and stderr together. */
  private Child run(String provider) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = root.resolve(provider + ".log");
    List<String> command = List.of(java, "-Xmx" + MAX_HEAP_MB + "m", "-XX:+ExitOnOutOfMemoryError",
        "-cp", System.getProperty("java.class.path"), LargeStateQueryChild.class.getName(), provider,
        root.resolve("checkpoint-" + provider).toUri().toString(), String.valueOf(KEYS), ROWS_PER_BATCH,
        root.resolve("local").toString());
    long started = System.nanoTime();
    Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor();
      throw new AssertionError("the " + provider + " child did not end within " + TIMEOUT_SECONDS + " s; its output:\n"
          + Files.readString(log));
    }
    String output = Files.readString(log);
    List<String> lines = output.lines().toList();
    System.out.println(provider + " child: exit " + child.exitValue() + " after " + (System.nanoTime() - started) / 1_000_000
        + " ms; last lines:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
    return new Child(child.exitValue(), output);
  }
}
