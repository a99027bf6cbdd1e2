package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.Source;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source's own log: compaction, retention, replay from it, the first format, and corruption. */
class SourceLogTest {
  @TempDir Path input;
  @TempDir Path metadata;

  /** Runs {@code batches} batches of one new file each on {@code source} and returns the last offset. */
  private static Offset runBatches(Source source, JsonLinesDir dir, Offset from, int batches) throws Exception {
    Offset at = from;
    for (int i = 0; i < batches; i++) {
      dir.appendFile(1);
      at = TestSources.next(source, at).end();
      source.commit(at);
    }
    return at;
  }

  private Offset runBatches(JsonLinesDir dir, int batches, String... options) throws Exception {
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, options);
    Offset at = runBatches(source, dir, source.initialOffset(), batches);
    source.close();
    return at;
  }

  private TreeSet<String> logFiles() throws Exception {
    try (Stream<Path> files = Files.list(metadata)) {
      return files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }
  }

  private List<FileEntry> decode(String name) throws Exception {
    return LogFile.decode(name, Files.readAllBytes(metadata.resolve(name))).files();
  }

  @Test
  void compactsEveryIntervalMergesAndARestartReadsTheCompactFileAndTheEntriesAfter() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    Offset last = runBatches(dir, 7, "compactInterval", "3");
    // Entries 0-2 were folded into 0-2.compact, 3-5 into 3-5.compact, and the two merged into 0-5.compact.
    assertThat(logFiles()).containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5", "6", "0-5.compact");
    assertThat(decode("0-5.compact")).hasSize(6);
    // A restart needs only 0-5.compact and 6: with every earlier entry gone it still knows all 7 files.
    for (int i = 0; i <= 5; i++) {
      Files.delete(metadata.resolve(Integer.toString(i)));
    }
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "compactInterval", "3");
    TestSources.Batch batch = TestSources.next(restarted, restarted.deserializeOffset(last.json()));
    assertThat(batch.rows()).isEmpty();
    assertThat(restarted.metrics()).containsEntry("numFilesSeen", "7");
  }

  @Test
  void entriesAreDeletedOnceCompactedAndOlderThanTheNewestMinBatchesToRetainCommittedOnes() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    Source source = TestSources.open(input, metadata, 3, JsonLinesDir.SCHEMA, "compactInterval", "2");
    runBatches(source, dir, source.initialOffset(), 10);
    // Committed 9, keeping the newest 3 committed entries: 0..6 are gone; 0-7 (merged from 0-3 and 4-7) and 8-9
    // remember every file.
    assertThat(logFiles()).containsExactly("0-7.compact", "7", "8", "8-9.compact", "9");
    assertThat(decode("0-7.compact")).hasSize(8);
    assertThat(TestSources.read(source, new LogOffset(6), new LogOffset(9))).containsExactly(
        JsonLinesDir.row(7), JsonLinesDir.row(8), JsonLinesDir.row(9));
    assertThatThrownBy(() -> source.planInputPartitions(new LogOffset(4), new LogOffset(5)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining(metadata.resolve("5").toString())
        .hasMessageContaining("minBatchesToRetain");
    Source restarted = TestSources.open(input, metadata, 3, JsonLinesDir.SCHEMA, "compactInterval", "2");
    assertThat(TestSources.next(restarted, new LogOffset(9)).rows()).isEmpty();
    assertThat(restarted.metrics()).containsEntry("numFilesSeen", "10");
  }

  @Test
  void filesTooOldToBeTakenAreDroppedAndStayTooOldWhenMaxFileAgeGrows() throws Exception {
    JsonLinesDir dir = new JsonLinesDir(input);
    Instant t0 = Instant.parse("2026-09-15T00:00:00Z");
    Source source = TestSources.open(input, metadata, 1, JsonLinesDir.SCHEMA, "compactInterval", "2", "maxFileAge", "10s");
    Offset at = source.initialOffset();
    for (int i = 0; i < 8; i++) {
      dir.appendFile(1);
      JsonLinesDir.touch(input.resolve(String.format("part-%05d.json", i)), t0.plusSeconds(i * 4L));
      at = TestSources.next(source, at).end();
      source.commit(at);
    }
    // The newest file is 28 s after the first, so files older than 18 s are forgotten: the log holds 5, 6, 7.
    List<Long> remembered = new ArrayList<>();
    for (String name : logFiles()) {
      if (name.endsWith(".compact")) {
        decode(name).forEach(e -> remembered.add(e.logOffset()));
      }
    }
    assertThat(remembered).containsExactly(5L, 6L, 7L);
    // A file as old as the first one, dropped into the directory now, is too old even for a restart with maxFileAge 1 hour.
    dir.writeFile("late.json", JsonLinesDir.line(100) + "\n");
    JsonLinesDir.touch(input.resolve("late.json"), t0.plusSeconds(1));
    Source wider = TestSources.open(input, metadata, 1, JsonLinesDir.SCHEMA, "maxFileAge", "1h");
    assertThat(TestSources.next(wider, at).rows()).isEmpty();
    assertThat(wider.metrics()).containsEntry("numFilesTooOld", "6"); // late.json and the five forgotten ones
  }

  @Test
  void aLogInTheFirstFormatIsReadAndTidied() throws Exception {
    // The first format wrote every entry and, every compactInterval entries, <n>.compact with all entries 0..n in v1.
    assertThat(new String(LogFile.entry(List.of(
        new FileEntry(URI.create("file:/data/in/part-00000.json"), 123, 1789000000000L, 0),
        new FileEntry(URI.create("file:/data/in/part-00001.json"), 45, 1789000001000L, 0))), StandardCharsets.UTF_8))
        .as("an entry exactly as the first format wrote it")
        .isEqualTo("v1\n"
            + "{\"path\":\"file:/data/in/part-00000.json\",\"size\":123,\"modificationTime\":1789000000000,\"logOffset\":0}\n"
            + "{\"path\":\"file:/data/in/part-00001.json\",\"size\":45,\"modificationTime\":1789000001000,\"logOffset\":0}\n"
            + "crc32:7d5b82c9\n");
    JsonLinesDir dir = new JsonLinesDir(input);
    List<FileEntry> all = new ArrayList<>();
    for (int id = 0; id < 25; id++) {
      dir.appendFile(1);
      Path file = input.resolve(String.format("part-%05d.json", id));
      URI path = new URI("file", null, file.toString(), null); // as the local storage lists it
      FileEntry entry = new FileEntry(path, Files.size(file), Files.getLastModifiedTime(file).toMillis(), id);
      all.add(entry);
      Files.write(metadata.resolve(Integer.toString(id)), LogFile.entry(List.of(entry)));
      if ((id + 1) % 10 == 0) {
        Files.write(metadata.resolve(id + ".compact"), LogFile.entry(all));
      }
    }
    Source source = TestSources.open(input, metadata, 5, JsonLinesDir.SCHEMA);
    List<Row> fresh = dir.appendFile(1);
    TestSources.Batch batch = TestSources.next(source, new LogOffset(24));
    assertThat(batch.rows()).isEqualTo(fresh);
    assertThat(source.metrics()).containsEntry("numFilesSeen", "26");
    assertThat(TestSources.read(source, new LogOffset(22), new LogOffset(24)))
        .containsExactly(JsonLinesDir.row(23), JsonLinesDir.row(24));
    source.commit(batch.end());
    // 9.compact lies inside 19.compact; entries 0..19 are compacted and older than the newest 5 committed (21..25).
    assertThat(logFiles()).containsExactly("19.compact", "20", "21", "22", "23", "24", "25");
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
  void aCorruptCompactFileFailsNamingIt() throws Exception {
    runBatches(new JsonLinesDir(input), 3, "compactInterval", "3");
    Path compact = metadata.resolve("0-2.compact");
    byte[] bytes = Files.readAllBytes(compact);
    bytes[bytes.length / 2] ^= 1;
    Files.write(compact, bytes);
    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "compactInterval", "3");
    assertThatThrownBy(() -> restarted.latestOffset(new LogOffset(2), restarted.defaultReadLimit()))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining(compact.toString());
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
