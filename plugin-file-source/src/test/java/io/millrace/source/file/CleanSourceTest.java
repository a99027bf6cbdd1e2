package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cleanSource: files of committed batches are archived or deleted, never before the commit. */
class CleanSourceTest {
  @TempDir Path input;
  @TempDir Path metadata;
  @TempDir Path archive;

  @Test
  void deleteRemovesFilesOnlyOnceTheirBatchIsCommitted() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    dir.appendFile(1);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "delete");
    Offset first = TestSources.next(source, source.initialOffset()).end();
    dir.appendFile(1);
    Offset second = TestSources.next(source, first).end();
    assertThat(input.resolve("part-00000.json")).exists();
    source.commit(first);
    source.commit(first);
    assertThat(input.resolve("part-00000.json")).doesNotExist();
    assertThat(input.resolve("part-00001.json")).exists();
    source.commit(second);
    assertThat(input.resolve("part-00001.json")).doesNotExist();
    assertThat(source.metrics()).containsEntry("numFilesCleaned", "2").containsEntry("numCleanFailures", "0");
  }

  /**
   * A batch may cover several log entries when a process recorded an entry and died before the
   * runtime wrote the batch's offsets; when that batch is replayed after a second crash, its
   * commit cleans the files of every entry it covers, not only of its last.
   */
  @Test
  void theReplayOfABatchOverSeveralEntriesCleansTheFilesOfEach() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    dir.appendFile(1);
    Source first = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "delete", "maxFilesPerTrigger", "1");
    Offset committed = TestSources.next(first, first.initialOffset()).end();
    first.commit(committed);
    dir.appendFile(1);
    TestSources.next(first, committed); // records entry 1; the process dies before the batch's offsets are written

    Source second = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "delete");
    second.commit(committed); // what the runtime's restart does
    dir.appendFile(1);
    Offset end = TestSources.next(second, committed).end(); // entries 1 and 2; the process dies before the commit

    Source replaying = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "delete");
    assertThat(TestSources.read(replaying, committed, end)).hasSize(2);
    replaying.commit(end);
    assertThat(input.resolve("part-00001.json")).as("the file of entry 1").doesNotExist();
    assertThat(input.resolve("part-00002.json")).as("the file of entry 2").doesNotExist();
  }

  @Test
  void archiveMovesFilesIntoTheArchiveDirectory() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    dir.appendFile(2);
    String content = Files.readString(input.resolve("part-00000.json"));
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "archive",
        "sourceArchiveDir", archive.toString());
    Offset end = TestSources.next(source, source.initialOffset()).end();
    source.commit(end);
    assertThat(input.resolve("part-00000.json")).doesNotExist();
    assertThat(archive.resolve("part-00000.json")).hasContent(content.strip());
    // A later listing does not bring the archived file back.
    assertThat(TestSources.next(source, end).rows()).isEmpty();
  }

  @Test
  void archiveNeedsADirectoryOutsideThePath() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "archive"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("sourceArchiveDir");
    assertThatThrownBy(() -> TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "cleanSource", "archive",
        "sourceArchiveDir", input.resolve("old").toString()))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("outside");
  }
}
