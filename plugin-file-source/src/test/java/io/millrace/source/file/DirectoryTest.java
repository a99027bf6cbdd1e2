package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files the source takes from its directory, in which batches. */
class DirectoryTest {
  private static final Instant T0 = Instant.parse("2026-09-15T00:00:00Z");

  @TempDir Path input;
  @TempDir Path metadata;

  private JsonLinesDir dir() {
    return new JsonLinesDir(input);
  }

  @Test
  void hiddenAndTemporaryNamesAreIgnored() throws Exception {
    JsonLinesDir dir = dir();
    List<Row> visible = dir.appendFile(2);
    for (String name : List.of(".hidden.json", "_SUCCESS", "part-9.json.tmp", "part-8.json._COPYING_", "_temporary")) {
      Files.writeString(input.resolve(name), JsonLinesDir.line(99) + "\n");
    }
    Files.createDirectory(input.resolve("sub"));
    Files.writeString(input.resolve("sub/part-7.json"), JsonLinesDir.line(98) + "\n");
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThat(TestSources.next(source, source.initialOffset()).rows()).containsExactlyElementsOf(visible);
    assertThat(source.metrics()).containsEntry("numFilesListed", "1").containsEntry("numFilesSeen", "1");
  }

  @Test
  void restartWithNoNewFilesReadsNothingAndOneNewFileReadsExactlyIt() throws Exception {
    JsonLinesDir dir = dir();
    dir.appendFile(3);
    Source first = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    Offset committed = TestSources.next(first, first.initialOffset()).end();
    first.commit(committed);
    first.close();

    Source second = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    Offset resume = second.deserializeOffset(committed.json());
    TestSources.Batch nothing = TestSources.next(second, resume);
    assertThat(nothing.end().json()).isEqualTo(committed.json());
    assertThat(nothing.rows()).isEmpty();
    second.close();

    List<Row> fresh = dir.appendFile(2);
    Source third = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    TestSources.Batch batch = TestSources.next(third, third.deserializeOffset(committed.json()));
    assertThat(batch.rows()).containsExactlyElementsOf(fresh);
    assertThat(batch.end().json()).isEqualTo("{\"logOffset\":1}");
  }

  @Test
  void maxFilesPerTriggerTakesOldestFirst() throws Exception {
    List<List<Row>> files = writeFilesWithTimes(5);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTrigger", "2");
    Offset at = source.initialOffset();
    List<List<Row>> batches = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      TestSources.Batch batch = TestSources.next(source, at);
      batches.add(batch.rows());
      at = batch.end();
    }
    assertThat(batches).containsExactly(concat(files.get(0), files.get(1)), concat(files.get(2), files.get(3)),
        files.get(4), List.of());
  }

  @Test
  void maxBytesPerTriggerTakesAtLeastOneFile() throws Exception {
    List<List<Row>> files = writeFilesWithTimes(3);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxBytesPerTrigger", "1");
    Offset at = source.initialOffset();
    for (List<Row> file : files) {
      TestSources.Batch batch = TestSources.next(source, at);
      assertThat(batch.rows()).isEqualTo(file);
      at = batch.end();
    }
  }

  @Test
  void latestFirstTakesNewestFirst() throws Exception {
    List<List<Row>> files = writeFilesWithTimes(3);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTrigger", "1",
        "latestFirst", "true");
    Offset at = source.initialOffset();
    List<List<Row>> batches = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      TestSources.Batch batch = TestSources.next(source, at);
      batches.add(batch.rows());
      at = batch.end();
    }
    assertThat(batches).containsExactly(files.get(2), files.get(1), files.get(0));
  }

  @Test
  void maxFileAgeIgnoresFilesOlderThanTheNewestSeenMinusTheAge() throws Exception {
    JsonLinesDir dir = dir();
    List<Row> newest = dir.appendFile(1);
    JsonLinesDir.touch(input.resolve("part-00000.json"), T0.plusSeconds(3_600));
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFileAge", "10 minutes");
    TestSources.Batch first = TestSources.next(source, source.initialOffset());
    assertThat(first.rows()).isEqualTo(newest);

    dir.appendFile(1); // 50 minutes older than the newest: ignored and counted
    JsonLinesDir.touch(input.resolve("part-00001.json"), T0.plusSeconds(600));
    List<Row> recent = dir.appendFile(1); // 5 minutes older: still read
    JsonLinesDir.touch(input.resolve("part-00002.json"), T0.plusSeconds(3_300));
    TestSources.Batch second = TestSources.next(source, first.end());
    assertThat(second.rows()).isEqualTo(recent);
    assertThat(source.metrics()).containsEntry("numFilesTooOld", "1").containsEntry("numFilesSeen", "2");

    Source restarted = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFileAge", "10 minutes");
    assertThat(TestSources.next(restarted, restarted.deserializeOffset(second.end().json())).rows()).isEmpty();
  }

  @Test
  void availableNowStopsAtTheFilesPresentAndHonoursTheLimit() throws Exception {
    List<List<Row>> files = writeFilesWithTimes(3);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTrigger", "2");
    source.prepareForAvailableNow();
    dir().writeFile("late.json", JsonLinesDir.line(1_000) + "\n");
    TestSources.Batch one = TestSources.next(source, source.initialOffset());
    TestSources.Batch two = TestSources.next(source, one.end());
    TestSources.Batch three = TestSources.next(source, two.end());
    assertThat(one.rows()).isEqualTo(concat(files.get(0), files.get(1)));
    assertThat(two.rows()).isEqualTo(files.get(2));
    assertThat(three.end().json()).isEqualTo(two.end().json());
  }

  @Test
  void maxRowsTakesOneFile() throws Exception {
    List<List<Row>> files = writeFilesWithTimes(2);
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThat(TestSources.next(source, source.initialOffset(), ReadLimit.maxRows(1_000)).rows())
        .isEqualTo(files.get(0));
  }

  /** Files part-00000.. with 2 rows each, modified one second apart in name order. */
  private List<List<Row>> writeFilesWithTimes(int count) throws Exception {
    JsonLinesDir dir = dir();
    List<List<Row>> files = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      files.add(dir.appendFile(2));
      JsonLinesDir.touch(input.resolve(String.format("part-%05d.json", i)), T0.plusSeconds(i));
    }
    return files;
  }

  private static List<Row> concat(List<Row> a, List<Row> b) {
    List<Row> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
