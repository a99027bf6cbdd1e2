package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Source;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvAndTextTest {
  @TempDir Path input;
  @TempDir Path metadata;

  @Test
  void csvWithHeaderAndDelimiter() throws Exception {
    new JsonLinesDir(input).writeFile("a.csv",
        "ts;id;key;amount\n2026-09-14T23:59:57.067Z;0;\"k;0\";208.79\r\n2026-09-14T23:59:58Z;1;;\n");
    Source source = TestSources.open(input, metadata, JsonLinesDir.SCHEMA, "format", "csv", "header", "true",
        "delimiter", ";");
    long t0 = java.time.Instant.parse("2026-09-14T23:59:57.067Z").toEpochMilli() * 1000;
    long t1 = java.time.Instant.parse("2026-09-14T23:59:58Z").toEpochMilli() * 1000;
    assertThat(TestSources.next(source, source.initialOffset()).rows())
        .containsExactly(Row.of(t0, 0L, "k;0", 208.79), Row.of(t1, 1L, null, null));
  }

  @Test
  void csvWithoutHeaderReadsTheFirstLineAndQuotesEscapeQuotes() throws Exception {
    new JsonLinesDir(input).writeFile("a.csv", "1,\"say \"\"hi\"\"\"\n2,plain\n");
    Source source = TestSources.open(input, metadata, "id INT, text STRING", "format", "csv");
    assertThat(TestSources.next(source, source.initialOffset()).rows())
        .containsExactly(Row.of(1, "say \"hi\""), Row.of(2, "plain"));
  }

  @Test
  void csvWrongFieldCountIsMalformed() throws Exception {
    new JsonLinesDir(input).writeFile("a.csv", "1,a\n2\n3,c\n");
    Source source = TestSources.open(input, metadata, "id INT, text STRING", "format", "csv", "mode", "dropmalformed");
    assertThat(TestSources.next(source, source.initialOffset()).rows()).containsExactly(Row.of(1, "a"), Row.of(3, "c"));
    assertThat(source.metrics()).containsEntry("numMalformedRows", "1");
  }

  @Test
  void csvBadDelimiterFailsAtCreate() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, "id INT", "format", "csv", "delimiter", ";;"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("delimiter");
  }

  @Test
  void textReadsEachLineAsValue() throws Exception {
    new JsonLinesDir(input).writeFile("a.txt", "first\n\nthird");
    Source source = TestSources.open(input, metadata, null, "format", "text");
    assertThat(source.schema().toDdl()).isEqualTo("value STRING");
    assertThat(TestSources.next(source, source.initialOffset()).rows())
        .containsExactly(Row.of("first"), Row.of(""), Row.of("third"));
  }

  @Test
  void textRefusesAnotherSchema() {
    assertThatThrownBy(() -> TestSources.open(input, metadata, "line STRING", "format", "text"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("value STRING");
  }
}
