package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Source;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseModeTest {
  @TempDir Path input;
  @TempDir Path metadata;

  private static final String GOOD = JsonLinesDir.line(1);
  private static final String BAD_TYPE = "{\"ts\":\"2026-09-14T23:59:57.067Z\",\"id\":\"two\",\"key\":\"k2\",\"amount\":1.0}";
  private static final String NOT_JSON = "{\"ts\":";

  private void writeInput() throws Exception {
    new JsonLinesDir(input).writeFile("a.json", GOOD + "\n" + BAD_TYPE + "\n\n" + NOT_JSON + "\n" + JsonLinesDir.line(3) + "\n");
  }

  @Test
  void failFastNamesTheFileAndLine() throws Exception {
    writeInput();
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA);
    assertThatThrownBy(() -> TestSources.next(source, source.initialOffset()))
        .isInstanceOf(MalformedRecordException.class)
        .hasMessageContaining("a.json")
        .hasMessageContaining("line 2")
        .hasMessageContaining("'id'");
  }

  @Test
  void dropMalformedDropsAndCounts() throws Exception {
    writeInput();
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "mode", "dropMalformed");
    List<Row> rows = TestSources.next(source, source.initialOffset()).rows();
    assertThat(rows).containsExactly(JsonLinesDir.row(1), JsonLinesDir.row(3));
    assertThat(source.metrics()).containsEntry("numMalformedRows", "2");
  }

  @Test
  void permissiveKeepsTheRawLineInTheCorruptRecordColumn() throws Exception {
    writeInput();
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA + ", _corrupt_record STRING",
        "mode", "PERMISSIVE");
    List<Row> rows = TestSources.next(source, source.initialOffset()).rows();
    Object[] good = JsonLinesDir.row(1).toArray();
    assertThat(rows).containsExactly(
        Row.of(good[0], good[1], good[2], good[3], null),
        Row.of(null, null, null, null, BAD_TYPE),
        Row.of(null, null, null, null, NOT_JSON),
        Row.of(JsonLinesDir.row(3).toArray()[0], 3L, "k00003", 0.75, null));
    assertThat(source.metrics()).containsEntry("numMalformedRows", "2");
  }

  @Test
  void permissiveWithoutTheCorruptRecordColumnFailsAtCreate() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "mode", "permissive"))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("_corrupt_record");
  }

  @Test
  void unknownFieldsAreSkippedAndMissingOnesAreNull() throws Exception {
    new JsonLinesDir(input).writeFile("a.json", "{\"extra\":{\"x\":[1,2]},\"key\":\"k\",\"id\":5}\n{\"id\":6,\"key\":\"j\"}\n");
    Source source = TestSources.open(input, metadata, "id BIGINT, key STRING, amount DOUBLE");
    assertThat(TestSources.next(source, source.initialOffset()).rows())
        .containsExactly(Row.of(5L, "k", null), Row.of(6L, "j", null));
  }

  @Test
  void everyTypeAndRecoveryAfterABadLine() throws Exception {
    new JsonLinesDir(input).writeFile("a.json", String.join("\n",
        "{\"n\":7,\"b\":true,\"bin\":\"AQI=\",\"s\":12} ",
        "{\"n\":1}{\"n\":2}",
        "{\"n\":\"x",
        "[1,2]",
        "{\"n\":99999999999}",
        "{\"n\":8,\"b\":false,\"bin\":null,\"s\":\"t\"}") + "\n");
    Source source = TestSources.open(input, metadata, "n INT, b BOOLEAN, bin BINARY, s STRING", "mode", "dropmalformed");
    assertThat(TestSources.next(source, source.initialOffset()).rows())
        .containsExactly(Row.of(7, true, new byte[] {1, 2}, "12"), Row.of(8, false, null, "t"));
    assertThat(source.metrics()).containsEntry("numMalformedRows", "4");
  }

  @Test
  void customTimestampFormat() throws Exception {
    new JsonLinesDir(input).writeFile("a.json", "{\"ts\":\"14/09/2026 23:59:57\"}\n");
    Source source = TestSources.open(input, metadata, "ts TIMESTAMP", "timestampFormat", "dd/MM/yyyy HH:mm:ss");
    long expected = java.time.Instant.parse("2026-09-14T23:59:57Z").getEpochSecond() * 1_000_000L;
    assertThat(TestSources.next(source, source.initialOffset()).rows()).containsExactly(Row.of(expected));
  }

  @Test
  void jsonAndCsvNeedASchema() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, null))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("needs a schema");
  }

  @Test
  void unknownOptionsAreRefusedWithTheKnownOnes() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "maxFilesPerTriger", "3"))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("maxFilesPerTriger").hasMessageContaining("maxFilesPerTrigger");
  }
}
