package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code millrace run examples/events-with-owners.yaml}: the bundled events, joined with the
 * static owners table by the job file's join step, counted per owner. The counts are the example
 * data's: k00 and k01 belong to ana (119 + 120 events), k02 to bo (123), k03 to cy (138), and
 * k04 to nobody (100 events keep a null owner); the totals are the amounts' sums, rounded to cents.
 */
class StaticJoinExampleTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

  @TempDir Path dir;

  @Test
  void theExampleJoinsTheEventsWithTheOwnersTableAndCountsPerOwner() throws IOException {
    String yaml = Files.readString(EXAMPLES.resolve("events-with-owners.yaml"))
        .replace("path: examples/data/events", "path: " + EXAMPLES.resolve("data/events"))
        .replace("path: examples/data/key-owners", "path: " + EXAMPLES.resolve("data/key-owners"))
        .replace("checkpointLocation: target/checkpoints/events-with-owners",
            "checkpointLocation: " + dir.resolve("checkpoint"));
    Path job = dir.resolve("events-with-owners.yaml");
    Files.writeString(job, yaml);
    String out = CliRuns.run("run", job.toString());
    String lastBatch = out.substring(out.lastIndexOf("Batch: "));
    assertThat(lastBatch.lines().filter(l -> l.startsWith("|") && !l.contains("owner")).map(l -> l.replace(" ", "")))
        .as(out).containsExactlyInAnyOrder("|ana|239|57124.65|", "|bo|123|31045.94|", "|cy|138|33562.36|",
            "|NULL|100|25606.76|");
  }
}
