package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.plugins.sink.MemorySinkTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session's {@code millrace.minBatchesToRetain} reaches the {@code file} source through the
 * SPI and bounds its own log in a real query (issue 14, item 8): 12 files, one per batch, folded
 * every 2 entries; after the last commit only the newest 3 committed entries are kept, beside the
 * compact files that remember every file.
 */
class FileSourceLogRetentionTest {
  private static final String OUTPUT = "file-source-log-retention";

  @TempDir Path dir;

  @AfterEach
  void tearDown() {
    MemorySinkTable.remove(OUTPUT);
  }

  @Test
  void theSessionsMinBatchesToRetainBoundsTheFileSourcesLog() throws Exception {
    Path input = Files.createDirectory(dir.resolve("in"));
    for (int i = 0; i < 12; i++) {
      Files.writeString(input.resolve(String.format("part-%02d.json", i)), "{\"id\":" + i + "}\n");
    }
    Path checkpoint = dir.resolve("checkpoint");
    try (MillraceSession session = MillraceSession.builder().config("millrace.minBatchesToRetain", "3").build()) {
      StreamingQuery query = session.readStream().format("file").schema("id LONG").option("path", input.toString())
          .option("maxFilesPerTrigger", 1L).option("compactInterval", 2L).load()
          .writeStream().format("memory").option("name", OUTPUT).outputMode("append")
          .option("checkpointLocation", checkpoint.toString()).trigger(Trigger.availableNow()).start();
      query.awaitTermination();
      assertThat(query.exception()).isEmpty();
      assertThat(MemorySinkTable.get(OUTPUT).rows()).hasSize(12);
    }
    List<String> log;
    try (Stream<Path> files = Files.list(checkpoint.resolve("sources/0"))) {
      log = files.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertThat(log.stream().filter(name -> name.matches("[0-9]+")).toList()).as("entries in %s", log)
        .containsExactlyInAnyOrder("9", "10", "11");
    assertThat(log).as("compact files in %s", log).anyMatch(name -> name.endsWith(".compact"));
  }
}
