package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON format reads only the columns a query uses, as Spark 4.0.1's JSON reader does: a
 * field of a column not read is skipped unread, so a value there that does not fit its type
 * leaves the line well formed. The facts come from a probe on Spark 4.0.1 (spark-baseline's
 * classpath, {@code local[1]}), reading these three lines with the schema {@code ts TIMESTAMP,
 * id BIGINT, key STRING, amount DOUBLE} in batch and streaming (AvailableNow, memory sink), the
 * same results in both: {@code select(key, amount)} gives a, 1.5 and b, 2.5 in every mode
 * (the line with id "two" is not malformed; FAILFAST fails on the third, naming its amount),
 * while {@code select(key, id)} fails in FAILFAST on id "two" ({@code CANNOT_PARSE_JSON_FIELD}),
 * drops that line in DROPMALFORMED and keeps the third (a, 1 and c, 3).
 */
class JsonColumnPruningTest {
  private static final String GOOD = "{\"ts\":\"2026-01-01T00:00:00Z\",\"id\":1,\"key\":\"a\",\"amount\":1.5}";
  private static final String BAD_ID = "{\"ts\":\"2026-01-01T00:00:01Z\",\"id\":\"two\",\"key\":\"b\",\"amount\":2.5}";
  private static final String BAD_AMOUNT = "{\"ts\":\"2026-01-01T00:00:02Z\",\"id\":3,\"key\":\"c\",\"amount\":\"bad\"}";

  @TempDir Path input;
  @TempDir Path metadata;
  private int sources;

  private Source open(String schema, String mode, String columns) throws Exception {
    new JsonLinesDir(input).writeFile("a.json", GOOD + "\n" + BAD_ID + "\n" + BAD_AMOUNT + "\n");
    Source source = TestSources.open(input, metadata.resolve("source-" + sources++), schema, "mode", mode);
    assertThat(source.capabilities()).contains(SourceCapability.COLUMN_PRUNING);
    source.pruneColumns(Schema.parse(columns));
    assertThat(source.schema()).isEqualTo(Schema.parse(columns));
    return source;
  }

  private static List<Row> read(Source source) throws Exception {
    return TestSources.next(source, source.initialOffset()).rows();
  }

  @Test
  void aBadValueInAColumnNotReadLeavesTheLineWellFormed() throws Exception {
    Source dropping = open(JsonLinesDir.SCHEMA, "DROPMALFORMED", "key STRING, amount DOUBLE");
    assertThat(read(dropping)).containsExactly(Row.of("a", 1.5), Row.of("b", 2.5));
    assertThat(dropping.metrics()).containsEntry("numMalformedRows", "1");
  }

  @Test
  void aBadValueInAColumnReadStillMakesTheLineMalformed() throws Exception {
    Source dropping = open(JsonLinesDir.SCHEMA, "DROPMALFORMED", "key STRING, id BIGINT");
    assertThat(read(dropping)).containsExactly(Row.of("a", 1L), Row.of("c", 3L));

    Source failing = open(JsonLinesDir.SCHEMA, "FAILFAST", "key STRING, amount DOUBLE");
    assertThatThrownBy(() -> read(failing)).isInstanceOf(MalformedRecordException.class)
        .hasMessageContaining("line 3").hasMessageContaining("'amount'");
  }

  @Test
  void failFastReadsPastABadValueInAColumnNotRead() throws Exception {
    Source failing = open(JsonLinesDir.SCHEMA, "FAILFAST", "ts TIMESTAMP, key STRING");
    assertThat(read(failing)).extracting(r -> r.get(1)).containsExactly("a", "b", "c");
  }

  @Test
  void permissiveKeepsTheRawLineWhereTheCorruptRecordColumnIsReadAndNullsWhereItIsNot() throws Exception {
    String schema = JsonLinesDir.SCHEMA + ", _corrupt_record STRING";
    Source withRaw = open(schema, "PERMISSIVE", "key STRING, amount DOUBLE, _corrupt_record STRING");
    assertThat(read(withRaw)).containsExactly(Row.of("a", 1.5, null), Row.of("b", 2.5, null),
        Row.of(null, null, BAD_AMOUNT));

    Source withoutRaw = open(schema, "PERMISSIVE", "key STRING, amount DOUBLE");
    assertThat(read(withoutRaw)).containsExactly(Row.of("a", 1.5), Row.of("b", 2.5), Row.of(null, null));
    assertThat(withoutRaw.metrics()).containsEntry("numMalformedRows", "1");
  }

  @Test
  void csvAndTextReadEveryColumn() throws Exception {
    new JsonLinesDir(input).writeFile("a.csv", "1,a\n");
    for (String format : List.of("csv", "text")) {
      Source source = TestSources.open(input, metadata.resolve(format), format.equals("csv") ? "id BIGINT, key STRING"
          : "value STRING", "format", format);
      assertThat(source.capabilities()).doesNotContain(SourceCapability.COLUMN_PRUNING);
      assertThatThrownBy(() -> source.pruneColumns(source.schema())).isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("parquet and json only");
    }
  }

  /**
   * Spark 4.0.1 refuses a query that reads {@code _corrupt_record} alone
   * ({@code UNSUPPORTED_FEATURE.QUERY_ONLY_CORRUPT_RECORD_COLUMN}, batch and streaming, in the
   * same probe); here such a query reads every column to find the malformed lines, as without
   * pruning. A query reading it with {@code key} finds neither bad line malformed, as Spark does.
   */
  @Test
  void aQueryReadingOnlyTheCorruptRecordColumnSeesEveryMalformedLine() throws Exception {
    String schema = JsonLinesDir.SCHEMA + ", _corrupt_record STRING";
    Source alone = open(schema, "PERMISSIVE", "_corrupt_record STRING");
    assertThat(read(alone)).containsExactly(Row.of((Object) null), Row.of(BAD_ID), Row.of(BAD_AMOUNT));
    assertThat(alone.metrics()).containsEntry("numMalformedRows", "2");

    Source withKey = open(schema, "PERMISSIVE", "_corrupt_record STRING, key STRING");
    assertThat(read(withKey)).containsExactly(Row.of(null, "a"), Row.of(null, "b"), Row.of(null, "c"));
  }
}
