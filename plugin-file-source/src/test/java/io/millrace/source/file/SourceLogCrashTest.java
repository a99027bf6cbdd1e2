package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source log's compaction and clean-up under real process deaths: one stream of 40 files
 * (one per batch, compacted every 2 entries, files 4 s apart with maxFileAge 30 s, so merges drop
 * files and delete whole compact files), run by {@link SourceLogCrashChild} in child JVMs that halt
 * in turn half-way through writing a compact file, between the two deletes that end a merge,
 * right after a merge wrote its result, and while deleting old entries; each next child resumes
 * where the last died. In the end every row was read exactly once
 * (a replayed batch read what its first run read), and the log holds no crash leftover.
 */
class SourceLogCrashTest {
  private static final int FILES = 40;
  private static final Instant T0 = Instant.parse("2026-09-15T00:00:00Z");

  @TempDir Path input;
  @TempDir Path work;

  @Test
  void everyRowIsReadOnceAcrossKillsInsideCompactionAndNothingIsLeftBehind() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    for (int i = 0; i < FILES; i++) {
      dir.appendFile(2);
      JsonLinesDir.touch(input.resolve(String.format("part-%05d.json", i)), T0.plusSeconds(4L * i));
    }
    // The step to halt after, its n-th time in that child, and what the crash leaves for the next start to clear:
    // a temporary file, or a compact file inside another (a merge that wrote its result and died before deleting
    // what it merged). These leftovers were seen in this stream; the asserts keep the crash windows real.
    String[][] halts = {
        {"COMPACT_HALF_WRITTEN", "1", "temporary file"},
        {"COMPACT_DELETED", "1", "compact file inside another"},
        {"COMPACT_WRITTEN", "3", "compact file inside another"},
        {"ENTRY_DELETED", "2", ""},
        {"COMPACT_DELETED", "2", "compact file inside another"},
    };
    for (String[] halt : halts) {
      assertThat(runChild(halt[0], halt[1])).as("the child halted at %s %s", halt[0], halt[1]).isEqualTo(137);
      List<String> log = logFiles();
      if (halt[2].equals("temporary file")) {
        assertThat(log).as("after %s %s", halt[0], halt[1]).anyMatch(name -> name.startsWith("."));
      } else if (!halt[2].isEmpty()) {
        assertThat(compactsInsideAnother(log)).as("after %s %s: %s", halt[0], halt[1], log).isNotEmpty();
      }
    }
    assertThat(runChild()).as("the last child ran to the end").isZero();

    List<Long> ids = new ArrayList<>();
    try (Stream<Path> outputs = Files.list(work.resolve("driver/out"))) {
      for (Path output : outputs.toList()) {
        for (String line : Files.readAllLines(output)) {
          ids.add(Long.parseLong(line));
        }
      }
    }
    assertThat(ids).as("ids read, over every batch").hasSize(2 * FILES).doesNotHaveDuplicates();
    assertThat(ids).allSatisfy(id -> assertThat(id).isBetween(0L, 2L * FILES - 1));

    List<String> log = logFiles();
    assertThat(log).as("no temporary file left").noneMatch(name -> name.startsWith("."));
    assertThat(compactsInsideAnother(log)).as("compact files inside another in %s", log).isEmpty();
    assertThat(log.stream().filter(name -> LogNames.entryId(name) >= 0).count()).as("entries in %s", log)
        .isLessThanOrEqualTo(SourceLogCrashChild.MIN_BATCHES_TO_RETAIN + 2 + 1);
  }

  private List<String> logFiles() throws Exception {
    try (Stream<Path> files = Files.list(work.resolve("log"))) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static List<LogNames.Range> compactsInsideAnother(List<String> log) {
    List<LogNames.Range> ranges = log.stream().map(LogNames::compact).filter(r -> r != null).toList();
    return ranges.stream().filter(a -> ranges.stream().anyMatch(b -> b != a && b.contains(a))).toList();
  }

  /** Runs {@link SourceLogCrashChild}; its output goes to child.log in the work directory. */
  private int runChild(String... halt) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        SourceLogCrashChild.class.getName(), input.toString(), work.toString()));
    command.addAll(List.of(halt));
    Process child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(work.resolve("child.log").toFile()))
        .start();
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child JVM ended").isTrue();
    return child.exitValue();
  }
}
