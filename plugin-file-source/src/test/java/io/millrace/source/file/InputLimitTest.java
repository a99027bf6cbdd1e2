package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.Source;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values past Jackson's limits (issue 14, item 11): the options {@code maxStringLen},
 * {@code maxNumLen} and {@code maxNestingDepth}, named in every error and warning, and no valid
 * row lost silently.
 *
 * <p>The rows expected are facts from Spark 4.0.1: {@code spark.readStream().schema("id BIGINT,
 * s STRING").options(..).json(dir)} (plus {@code _corrupt_record STRING} in PERMISSIVE) into a
 * memory sink under {@code Trigger.AvailableNow()}, then {@code SELECT id, length(s) ...}, over
 * the same files as here; and {@code schema("id BIGINT, d DOUBLE")} over {@link #numbers}.
 */
class InputLimitTest {
  private static final String SCHEMA = "id BIGINT, s STRING";

  @TempDir static Path strings;
  @TempDir static Path edge;
  @TempDir static Path numbers;
  @TempDir Path metadata;

  private final List<LogRecord> warnings = new ArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      warnings.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  /**
   * Line 1 of {@link #strings} holds a string of 20,000,001 characters, one more than the default
   * limit, line 2 a short one. Written here, never committed. {@link #edge} has strings of 1,000
   * and 1,001 characters, to show where a limit of 1,000 falls without another 20 MB line.
   */
  @BeforeAll
  static void writeInputs() throws Exception {
    try (BufferedWriter out = Files.newBufferedWriter(strings.resolve("a.json"), StandardCharsets.UTF_8)) {
      out.write("{\"id\":2,\"s\":\"" + "y".repeat(20_000_001) + "\"}\n");
      out.write("{\"id\":3,\"s\":\"ok\"}\n");
    }
    Files.writeString(edge.resolve("a.json"), "{\"id\":1,\"s\":\"" + "x".repeat(1000) + "\"}\n"
        + "{\"id\":2,\"s\":\"" + "y".repeat(1001) + "\"}\n");
    Files.writeString(numbers.resolve("a.json"), "{\"id\":1,\"d\":1" + "0".repeat(999) + "}\n"
        + "{\"id\":2,\"d\":1" + "0".repeat(1000) + "}\n"
        + "{\"id\":3,\"x\":" + "[".repeat(1000) + "]".repeat(1000) + "}\n");
  }

  @BeforeEach
  void captureWarnings() {
    Logger.getLogger(FilePartitionReader.class.getName()).addHandler(capture);
  }

  @AfterEach
  void stopCapturing() {
    Logger.getLogger(FilePartitionReader.class.getName()).removeHandler(capture);
  }

  /** Each row as [id, length of s] (or [id, length of _corrupt_record] when s is null). */
  private List<List<Object>> idAndLength(Source source) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    for (Row row : TestSources.next(source, source.initialOffset()).rows()) {
      Object[] v = row.toArray();
      String text = (String) (v[1] != null ? v[1] : v[v.length - 1]);
      out.add(java.util.Arrays.asList(v[0], text == null ? null : text.length()));
    }
    return out;
  }

  @Test
  void failFastNamesTheFileTheLineAndTheOptionToRaise() {
    // Spark 4.0.1 (mode FAILFAST) fails too, naming only Jackson's getter: "String value length (20000001) exceeds
    // the maximum allowed (20000000, from `StreamReadConstraints.getMaxStringLength()`)".
    Source source = TestSources.open(strings, metadata, SCHEMA);
    assertThatThrownBy(() -> TestSources.next(source, source.initialOffset()))
        .isInstanceOf(InputLimitException.class)
        .hasMessageContaining(strings.resolve("a.json").toString())
        .hasMessageContaining("line 1")
        .hasMessageContaining("20000001")
        .hasMessageContaining("option 'maxStringLen' (now 20000000)");
  }

  @Test
  void dropMalformedDropsALineOverTheLimitButCountsAndLogsIt() throws Exception {
    Source source = TestSources.open(strings, metadata, SCHEMA, "mode", "DROPMALFORMED");
    // Spark 4.0.1: [3,2] (and nothing says why row 2 is gone).
    assertThat(idAndLength(source)).containsExactly(List.of(3L, 2));
    assertThat(source.metrics()).containsEntry("numRowsOverLimit", "1").containsEntry("numMalformedRows", "0");
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w.getMessage())
        .contains("line 1").contains(strings.resolve("a.json").toString()).contains("maxStringLen")
        .contains("numRowsOverLimit"));
  }

  @Test
  void permissiveKeepsTheRawLineAndCountsItOverTheLimit() throws Exception {
    Source source = TestSources.open(strings, metadata, SCHEMA + ", _corrupt_record STRING", "mode", "PERMISSIVE");
    // Spark 4.0.1: [2,null,20000016], [3,2,null]. Spark keeps the values parsed before the failure (id 2);
    // Millrace's PERMISSIVE row of a line it cannot read is all nulls but the raw line, as for any malformed line.
    assertThat(idAndLength(source)).containsExactly(java.util.Arrays.asList(null, 20_000_016), List.of(3L, 2));
    assertThat(source.metrics()).containsEntry("numRowsOverLimit", "1").containsEntry("numMalformedRows", "0");
    assertThat(warnings).hasSize(1);
  }

  @Test
  void raisingMaxStringLenReadsTheLongString() throws Exception {
    Source source = TestSources.open(strings, metadata, SCHEMA, "mode", "DROPMALFORMED", "maxStringLen", "30000000");
    // Spark 4.0.1 with maxStringLen=30000000: [2,20000001], [3,2].
    assertThat(idAndLength(source)).containsExactly(List.of(2L, 20_000_001), List.of(3L, 2));
    assertThat(source.metrics()).containsEntry("numRowsOverLimit", "0");
    assertThat(warnings).isEmpty();
  }

  @Test
  void aStringOfExactlyTheLimitIsRead() throws Exception {
    Source source = TestSources.open(edge, metadata, SCHEMA, "mode", "DROPMALFORMED", "maxStringLen", "1000");
    // Spark 4.0.1 with maxStringLen=1000: [1,1000].
    assertThat(idAndLength(source)).containsExactly(List.of(1L, 1000));
    assertThat(source.metrics()).containsEntry("numRowsOverLimit", "1");
  }

  @Test
  void numberLengthAndNestingDepthHaveTheirOptionsToo() throws Exception {
    // Spark 4.0.1 (mode FAILFAST): "Number value length (1001) exceeds the maximum allowed (1000, ...)".
    Source failing = TestSources.open(numbers, metadata, "id BIGINT, d DOUBLE");
    assertThatThrownBy(() -> TestSources.next(failing, failing.initialOffset()))
        .isInstanceOf(InputLimitException.class).hasMessageContaining("line 2").hasMessageContaining("'maxNumLen'");

    Source dropping = TestSources.open(numbers, metadata.resolve("b"), "id BIGINT, d DOUBLE", "mode", "DROPMALFORMED");
    // Spark 4.0.1: only row 1 (a 1,000-digit number, read as Infinity); rows 2 and 3 exceed maxNumLen and maxNestingDepth.
    assertThat(TestSources.next(dropping, dropping.initialOffset()).rows())
        .containsExactly(Row.of(1L, Double.POSITIVE_INFINITY));
    assertThat(dropping.metrics()).containsEntry("numRowsOverLimit", "2");
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w.getMessage()).contains("maxNumLen"));

    Source raised = TestSources.open(numbers, metadata.resolve("c"), "id BIGINT, d DOUBLE", "mode", "DROPMALFORMED",
        "maxNumLen", "2000", "maxNestingDepth", "2000");
    // Spark 4.0.1 with maxNumLen=2000, maxNestingDepth=2000: [1,Infinity], [2,Infinity], [3,null].
    assertThat(TestSources.next(raised, raised.initialOffset()).rows()).containsExactly(
        Row.of(1L, Double.POSITIVE_INFINITY), Row.of(2L, Double.POSITIVE_INFINITY), Row.of(3L, null));
  }

  @Test
  void theLimitsAreCheckedAtCreateAndApplyToJsonOnly() {
    assertThatThrownBy(() -> TestSources.open(strings, metadata, SCHEMA, "maxStringLen", "0"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("maxStringLen");
    assertThatThrownBy(() -> TestSources.open(strings, metadata, SCHEMA, "maxNestingDepth", "deep"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("maxNestingDepth");
    assertThatThrownBy(() -> TestSources.open(strings, metadata, SCHEMA, "format", "csv", "maxStringLen", "100"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("format json only");
  }
}
