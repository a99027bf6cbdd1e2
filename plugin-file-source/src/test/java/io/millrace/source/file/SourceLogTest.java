package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.Source;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source's own log: compaction, replay from it, and corruption. */
class SourceLogTest {
  @TempDir Path input;
  @TempDir Path metadata;

  /** Runs {@code batches} batches of one new file each and returns the last offset. */
  private Offset runBatches(JsonLinesDir dir, int batches, String... options) throws Exception {
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, options);
    Offset at = source.initialOffset();
    for (int i = 0; i < batches; i++) {
      dir.appendFile(1);
      at = TestSources.next(source, at).end();
      source.commit(at);
    }
    source.close();
    return at;
  }

  @Test
  void compactsEveryIntervalAndARestartReadsTheCompactFile() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    Offset last = runBatches(dir, 7, "compactInterval", "3");
    assertThat(metadata.resolve("2.compact")).exists();
    assertThat(metadata.resolve("5.compact")).exists();
    assertThat(SourceFileLog.decode("5.compact", Files.readAllBytes(metadata.resolve("5.compact")))).hasSize(6);
    // A restart needs only 5.compact and 6: with every earlier entry gone it still knows all 7 files.
    for (int i = 0; i <= 5; i++) {
      Files.delete(metadata.resolve(Integer.toString(i)));
    }
    Files.delete(metadata.resolve("2.compact"));
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "compactInterval", "3");
    TestSources.Batch batch = TestSources.next(restarted, restarted.deserializeOffset(last.json()));
    assertThat(batch.rows()).isEmpty();
    assertThat(restarted.metrics()).containsEntry("numFilesSeen", "7");
    // An entry whose own file is gone is still replayed from the compact file that holds it.
    assertThat(TestSources.read(restarted, new LogOffset(3), new LogOffset(4))).containsExactly(JsonLinesDir.row(4));
  }

  @Test
  void replayOnAFreshInstanceReadsTheSameFilesEvenIfOneGrew() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    List<Row> rows = dir.appendFile(2);
    Source first = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    Offset end = first.latestOffset(first.initialOffset(), first.defaultReadLimit());
    Files.writeString(input.resolve("part-00000.json"), JsonLinesDir.line(50) + "\n",
        java.nio.file.StandardOpenOption.APPEND);
    Source fresh = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThat(TestSources.read(fresh, fresh.initialOffset(), fresh.deserializeOffset(end.json()))).isEqualTo(rows);
  }

  @Test
  void aCorruptLogFileFailsNamingIt() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    runBatches(dir, 2);
    Path entry = metadata.resolve("1");
    byte[] bytes = Files.readAllBytes(entry);
    bytes[10] ^= 1;
    Files.write(entry, bytes);
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThatThrownBy(() -> restarted.latestOffset(new LogOffset(1), restarted.defaultReadLimit()))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(entry.toString())
        .hasMessageContaining("checksum");
    assertThatThrownBy(() -> restarted.planInputPartitions(new LogOffset(0), new LogOffset(1)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining(entry.toString());
  }

  @Test
  void aTruncatedLogFileFailsNamingIt() throws Exception {
    runBatches(new JsonLinesDir(input), 1);
    Path entry = metadata.resolve("0");
    String text = Files.readString(entry, StandardCharsets.UTF_8);
    Files.writeString(entry, text.substring(0, text.length() / 2));
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThatThrownBy(() -> restarted.planInputPartitions(new LogOffset(-1), new LogOffset(0)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("truncated").hasMessageContaining("/0");
  }

  @Test
  void anOffsetPastTheLogFails() throws Exception {
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThatThrownBy(() -> source.latestOffset(new LogOffset(4), source.defaultReadLimit()))
        .hasMessageContaining("past the newest entry");
  }

  @Test
  void entriesRecordedButNotRunAreTakenOneAtATimeUnderALimit() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    List<Row> a = dir.appendFile(1);
    Source crashed = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTrigger", "1");
    crashed.latestOffset(crashed.initialOffset(), crashed.defaultReadLimit()); // entry 0, never run
    List<Row> b = dir.appendFile(1);
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTrigger", "1");
    List<Row> read = new ArrayList<>();
    TestSources.Batch one = TestSources.next(restarted, restarted.initialOffset());
    TestSources.Batch two = TestSources.next(restarted, one.end());
    read.addAll(one.rows());
    read.addAll(two.rows());
    assertThat(one.rows()).isEqualTo(a);
    assertThat(read).containsExactly(a.get(0), b.get(0));
  }
}
