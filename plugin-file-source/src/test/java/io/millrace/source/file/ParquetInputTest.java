package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceCapability;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parquet files written by Spark 4.0.1 (in {@code spark-parquet/}: timestamps as INT96, its
 * default; as TIMESTAMP_MICROS; and as TIMESTAMP_MILLIS with {@code writeLegacyFormat}, whose
 * decimals are fixed-length bytes and whose lists have two levels) read as Spark reads them.
 * Each file holds
 * <pre>
 * SELECT * FROM VALUES (1, CAST(7 AS TINYINT), CAST(-300 AS SMALLINT), 10000000000L, CAST(1.5 AS FLOAT), 2.25D, true,
 *   'héllo', X'CAFE', CAST(12.34 AS DECIMAL(5,2)), CAST(123456789.123 AS DECIMAL(12,3)),
 *   CAST(-1234567890123456789.5 AS DECIMAL(25,1)), DATE '2024-02-29', TIMESTAMP '2024-05-01 12:34:56.789012',
 *   TIMESTAMP_NTZ '2024-05-01 01:02:03.5', array(1, NULL, 3), map('a', 1, 'b', NULL),
 *   named_struct('x', 1.5D, 'tags', array('p', 'q')), array(named_struct('k', 'v'))),
 *   (2, NULL x 3, CAST('NaN' AS FLOAT), -0.0D, NULL x 6, DATE '1969-12-31', TIMESTAMP '1969-12-31 23:59:59.999999',
 *   NULL, array(), map(), NULL, NULL),
 *   (3, NULL x 5, false, '', X'', CAST(-0.01 AS DECIMAL(5,2)), NULL x 7,
 *   named_struct('x', CAST(NULL AS DOUBLE), 'tags', CAST(NULL AS ARRAY<STRING>)), array(CAST(NULL AS STRUCT<k: STRING>)))
 *   AS t(id, b, s, l, f, d, bool, str, bin, dec5, dec12, dec25, dt, ts, ntz, arr, m, st, arrst)
 * </pre>
 * and {@code spark.read.parquet(dir).orderBy("id")} printed the rows written below (the millis
 * file's times cut to .789 and .999).
 */
class ParquetInputTest {
  private static final String SPARK_SCHEMA = "id INT, b BYTE, s SHORT, l LONG, f FLOAT, d DOUBLE, bool BOOLEAN, "
      + "str STRING, bin BINARY, dec5 DECIMAL(5,2), dec12 DECIMAL(12,3), dec25 DECIMAL(25,1), dt DATE, ts TIMESTAMP, "
      + "ntz TIMESTAMP_NTZ, arr ARRAY<INT>, m MAP<STRING, INT>, st STRUCT<x: DOUBLE, tags: ARRAY<STRING>>, "
      + "arrst ARRAY<STRUCT<k: STRING>>";

  @TempDir Path dir;

  private Path input(String... files) throws IOException {
    Path in = Files.createDirectories(dir.resolve("in"));
    for (String f : files) {
      try (InputStream s = getClass().getResourceAsStream("/spark-parquet/" + f + ".parquet")) {
        Files.copy(s, in.resolve(f + ".parquet"));
      }
    }
    return in;
  }

  private static List<Row> readAll(Source source) throws IOException {
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    return TestSources.read(source, source.initialOffset(), end);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"int96", "micros", "millis-legacy"})
  void readsSparksFilesAsSparkDoes(String file) throws IOException {
    boolean millis = file.startsWith("millis");
    try (Source source = TestSources.open(input(file), dir.resolve("meta"), null, "format", "parquet")) {
      assertThat(source.schema()).isEqualTo(Schema.parse(SPARK_SCHEMA));
      assertThat(readAll(source)).containsExactly(
          Row.of(1, (byte) 7, (short) -300, 10_000_000_000L, 1.5f, 2.25, true, "héllo", new byte[] {(byte) 0xCA, (byte) 0xFE},
              new BigDecimal("12.34"), new BigDecimal("123456789.123"), new BigDecimal("-1234567890123456789.5"),
              day("2024-02-29"), micros("2024-05-01T12:34:56Z") + (millis ? 789_000 : 789_012),
              micros("2024-05-01T01:02:03.5Z"), Arrays.asList(1, null, 3), map("a", 1, "b", null),
              Row.of(1.5, List.of("p", "q")), List.of(Row.of("v"))),
          Row.of(2, null, null, null, Float.NaN, -0.0, null, null, null, null, null, null, day("1969-12-31"),
              millis ? -1_000L : -1L, null, List.of(), map(), null, null),
          Row.of(3, null, null, null, null, null, false, "", new byte[0], new BigDecimal("-0.01"), null, null, null, null,
              null, null, null, Row.of(null, null), Arrays.asList((Row) null)));
    }
  }

  @Test
  void readsOnlyThePrunedColumns() throws IOException {
    try (Source source = TestSources.open(input("micros"), dir.resolve("meta"), null, "format", "parquet")) {
      assertThat(source.capabilities()).contains(SourceCapability.COLUMN_PRUNING);
      source.pruneColumns(Schema.parse("str STRING, st STRUCT<x: DOUBLE, tags: ARRAY<STRING>>"));
      assertThat(source.schema().toDdl()).isEqualTo(Schema.parse("str STRING, st STRUCT<x: DOUBLE, tags: ARRAY<STRING>>")
          .toDdl());
      assertThat(readAll(source)).containsExactly(Row.of("héllo", Row.of(1.5, List.of("p", "q"))), Row.of(null, null),
          Row.of("", Row.of(null, null)));
    }
  }

  @Test
  void aGivenSchemaReadsColumnsByNameWithNullsForMissingOnesAndRefusesAnotherType() throws IOException {
    Path in = input("micros");
    try (Source source = TestSources.open(in, dir.resolve("meta"), "absent STRING, id INT, dt DATE", "format", "parquet")) {
      assertThat(readAll(source)).containsExactly(Row.of(null, 1, day("2024-02-29")), Row.of(null, 2, day("1969-12-31")),
          Row.of(null, 3, null));
    }
    try (Source source = TestSources.open(in, dir.resolve("meta2"), "id LONG", "format", "parquet")) {
      assertThatThrownBy(() -> readAll(source)).isInstanceOf(MillraceException.class)
          .hasMessageContaining("micros.parquet has the column 'id' as INT").hasMessageContaining("reads it as LONG");
    }
  }

  @Test
  void theSchemaReadFromAFooterIsRecordedAtTheFirstBatchAndKeptAcrossRestarts() throws IOException {
    Path in = input("micros");
    Path meta = dir.resolve("meta");
    try (Source source = TestSources.open(in, meta, null, "format", "parquet")) {
      assertThat(meta.resolve(ParquetFooters.RECORD)).as("nothing written when created").doesNotExist();
      readAll(source);
    }
    assertThat(Files.readString(meta.resolve(ParquetFooters.RECORD))).isEqualTo(Schema.parse(SPARK_SCHEMA).toDdl());
    Files.delete(in.resolve("micros.parquet")); // cleaned up: the restart still knows the schema
    try (Source restarted = TestSources.open(in, meta, null, "format", "parquet")) {
      assertThat(restarted.schema()).isEqualTo(Schema.parse(SPARK_SCHEMA));
    }
    Files.writeString(meta.resolve(ParquetFooters.RECORD), "id INT,, broken");
    assertThatThrownBy(() -> TestSources.open(in, meta, null, "format", "parquet"))
        .isInstanceOf(io.millrace.spi.CorruptFileException.class).hasMessageContaining(ParquetFooters.RECORD);
  }

  @Test
  void noFileAndNoSchemaOrACorruptFileAreClearErrors() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> TestSources.open(empty, dir.resolve("meta"), null, "format", "parquet"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("holds no file yet")
        .hasMessageContaining("readStream().schema(..)");
    Files.writeString(empty.resolve("broken.parquet"), "not parquet at all");
    assertThatThrownBy(() -> TestSources.open(empty, dir.resolve("meta"), null, "format", "parquet"))
        .isInstanceOf(MillraceException.class).hasMessageContaining("cannot read the Parquet footer of")
        .hasMessageContaining("broken.parquet");
    assertThatThrownBy(() -> TestSources.open(empty, dir.resolve("meta"), "id INT", "format", "parquet", "header", "true"))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("means nothing for parquet");
  }

  private static int day(String date) {
    return (int) LocalDate.parse(date).toEpochDay();
  }

  private static long micros(String instant) {
    Instant t = Instant.parse(instant);
    return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
  }

  private static Map<String, Integer> map(Object... kv) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Integer) kv[i + 1]);
    }
    return m;
  }

  static long ntzMicros(String local) {
    LocalDateTime t = LocalDateTime.parse(local);
    return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1_000;
  }
}
