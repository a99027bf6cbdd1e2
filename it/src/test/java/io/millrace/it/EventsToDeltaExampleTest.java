package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, {@code millrace run examples/events-to-delta.yaml --show 30}, on
 * the bundled job file with its paths moved into a temporary directory: the query runs the
 * JSON files through the watermark and the windowed count into a Delta table, and the table it
 * shows at the end is the one computed here from the input files alone.
 */
class EventsToDeltaExampleTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
  private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
  private static final Duration WATERMARK_DELAY = Duration.ofMinutes(10);

  @TempDir Path dir;

  /** One output row: count and sum of the amounts per (1-minute window, key). */
  private record Cell(long events, double total) {}

  @Test
  void theReadmesFirstCommandRunsTheExampleAndShowsTheResultTable() throws Exception {
    Path job = jobInTempDir();
    Map<String, Cell> expected = expectedTable(EXAMPLES.resolve("data/events"));
    assertThat(expected).as("closed windows in the example data").hasSizeGreaterThan(10).hasSizeLessThanOrEqualTo(30);

    String first = CliRuns.run("run", job.toString(), "--show", "30");
    assertThat(first).contains("end-to-end guarantee: exactly-once").contains("4 batch(es) ran");
    assertShows(first, expected);

    String again = CliRuns.run("run", job.toString(), "--show", "30");
    assertThat(again).as("a second run finds no new files").contains("0 batch(es) ran");
    assertThat(CliRuns.shownTable(again)).as("and shows the same table").isEqualTo(CliRuns.shownTable(first));
  }

  /** The bundled job file with its source, table and checkpoint paths pointed into {@link #dir}. */
  private Path jobInTempDir() throws IOException {
    String yaml = Files.readString(EXAMPLES.resolve("events-to-delta.yaml"));
    String moved = replaceOnce(yaml, "path: examples/data/events", "path: " + EXAMPLES.resolve("data/events"));
    moved = replaceOnce(moved, "path: target/tables/event-counts", "path: " + dir.resolve("table"));
    moved = replaceOnce(moved, "checkpointLocation: target/checkpoints/events-to-delta",
        "checkpointLocation: " + dir.resolve("checkpoint"));
    Path job = dir.resolve("events-to-delta.yaml");
    Files.writeString(job, moved);
    return job;
  }

  private static String replaceOnce(String text, String from, String to) {
    assertThat(text).as("the example job file").containsOnlyOnce(from);
    return text.replace(from, to);
  }

  /**
   * Count and sum per (window, key) over every event, keeping the windows that end at or
   * before the final watermark (the newest event time minus the delay): append mode writes a
   * window once the watermark passes its end. The example data has no event behind the
   * watermark of its batch, so nothing is dropped as late.
   */
  private static Map<String, Cell> expectedTable(Path input) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, Cell> cells = new TreeMap<>();
    Instant newest = Instant.MIN;
    List<Path> files;
    try (Stream<Path> listing = Files.list(input)) {
      files = listing.sorted().toList();
    }
    List<JsonNode> events = new java.util.ArrayList<>();
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        JsonNode event = json.readTree(line);
        events.add(event);
        Instant ts = Instant.parse(event.get("ts").asText());
        newest = ts.isAfter(newest) ? ts : newest;
      }
    }
    Instant watermark = newest.minus(WATERMARK_DELAY);
    for (JsonNode event : events) {
      Instant start = Instant.parse(event.get("ts").asText()).truncatedTo(ChronoUnit.MINUTES);
      Instant end = start.plus(Duration.ofMinutes(1));
      if (end.isAfter(watermark)) {
        continue;
      }
      String key = "{" + SHOWN.format(start) + ", " + SHOWN.format(end) + "}|" + event.get("key").asText();
      cells.merge(key, new Cell(1, event.get("amount").asDouble()),
          (a, b) -> new Cell(a.events() + b.events(), a.total() + b.total()));
    }
    return cells;
  }

  private static void assertShows(String output, Map<String, Cell> expected) {
    List<String> rows = CliRuns.shownTable(output);
    assertThat(output).contains("the sink holds " + expected.size() + " row(s):");
    assertThat(rows.get(0).replace(" ", "")).isEqualTo("|window|key|events|total|");
    List<String> data = rows.subList(1, rows.size());
    assertThat(data).hasSize(expected.size());
    int i = 0;
    for (Map.Entry<String, Cell> want : expected.entrySet()) {
      String[] cells = data.get(i++).split("\\|");
      assertThat(cells[1].trim() + "|" + cells[2].trim()).as("row %d in window and key order", i).isEqualTo(want.getKey());
      assertThat(Long.parseLong(cells[3].trim())).as("events of %s", want.getKey()).isEqualTo(want.getValue().events());
      // The job rounds the sum to cents; the sum itself may differ in its last bits with the order of addition.
      assertThat(cells[4].trim()).as("total of %s", want.getKey())
          .isEqualTo(String.valueOf(BigDecimal.valueOf(want.getValue().total()).setScale(2, RoundingMode.HALF_UP).doubleValue()));
    }
  }
}
