package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CastTest {

  @ParameterizedTest(name = "CAST({0} AS INT)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "l            | 10",
      "d            | 2",
      "-2.9         | -2",
      "3000000000L  | -1294967296",
      "1.0E10       | 2147483647",
      "-1.0E10      | -2147483648",
      "CAST('NaN' AS DOUBLE) | 0",
      "TRUE         | 1",
      "FALSE        | 0",
      "' 42 '       | 42",
      "'+42'        | 42",
      "'-12.7'      | -12",
      "'12.'        | 12",
      "'abc'        | NULL",
      "''           | NULL",
      "'1e3'        | NULL",
      "'2147483648' | NULL",
      "ts           | 1789430397",
      "n            | NULL",
      "NULL         | NULL",
  })
  void toInt(String from, Integer expected) {
    assertThat(eval("CAST(" + from + " AS INT)")).isEqualTo(expected);
  }

  @ParameterizedTest(name = "CAST({0} AS LONG)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "i                      | 7",
      "d                      | 2",
      "TRUE                   | 1",
      "'9223372036854775807'  | 9223372036854775807",
      "'9223372036854775808'  | NULL",
      "'x1'                   | NULL",
      "ts                     | 1789430397",
      "TIMESTAMP '1969-12-31T23:59:59.5Z' | -1",
  })
  void toLong(String from, Long expected) {
    assertThat(eval("CAST(" + from + " AS BIGINT)")).isEqualTo(expected);
  }

  @ParameterizedTest(name = "CAST({0} AS DOUBLE)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "i              | 7.0",
      "l              | 10.0",
      "TRUE           | 1.0",
      "' 1.5e2 '      | 150.0",
      "'-inf'         | -Infinity",
      "'Infinity'     | Infinity",
      "'abc'          | NULL",
      "ts             | 1.789430397067E9",
  })
  void toDouble(String from, Double expected) {
    assertThat(eval("CAST(" + from + " AS DOUBLE)")).isEqualTo(expected);
  }

  @Test
  void nanFromText() {
    assertThat((Double) eval("CAST('nan' AS DOUBLE)")).isNaN();
  }

  @ParameterizedTest(name = "CAST({0} AS BOOLEAN)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "i       | true",
      "0       | false",
      "0L      | false",
      "d       | true",
      "0.0     | false",
      "'true'  | true",
      "' YES ' | true",
      "'t'     | true",
      "'1'     | true",
      "'False' | false",
      "'n'     | false",
      "'0'     | false",
      "'maybe' | NULL",
      "ts      | true",
  })
  void toBoolean(String from, Boolean expected) {
    assertThat(eval("CAST(" + from + " AS BOOLEAN)")).isEqualTo(expected);
  }

  @ParameterizedTest(name = "CAST({0} AS STRING)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "i           | 7",
      "l           | 10",
      "d           | 2.5",
      "1.0E20      | 1.0E20",
      "b           | true",
      "ts          | 2026-09-14 23:59:57.067",
      "X'6869'     | hi",
  })
  void toText(String from, String expected) {
    assertThat(eval("CAST(" + from + " AS STRING)")).isEqualTo(expected);
  }

  @ParameterizedTest(name = "CAST({0} AS TIMESTAMP)")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "'2026-09-14T23:59:57.067Z'      | 2026-09-14T23:59:57.067Z",
      "'2026-09-14 23:59:57.067'       | 2026-09-14T23:59:57.067Z",
      "'2026-09-14t23:59:57z'          | NULL",
      "'2026-09-14'                    | 2026-09-14T00:00:00Z",
      "' 2026-09-14T23:59 '            | 2026-09-14T23:59:00Z",
      "'2026-09-14T23:59:57.123456Z'   | 2026-09-14T23:59:57.123456Z",
      "'2026-09-15T01:59:57.067+02:00' | 2026-09-14T23:59:57.067Z",
      "'14/09/2026'                    | NULL",
      "'2026-02-30'                    | NULL",
      "1789430397                      | 2026-09-14T23:59:57Z",
      "1789430397L                     | 2026-09-14T23:59:57Z",
      "1789430397.067                  | 2026-09-14T23:59:57.067Z",
      "-1.5                            | 1969-12-31T23:59:58.500Z",
      "CAST('Infinity' AS DOUBLE)      | NULL",
      "TRUE                            | 1970-01-01T00:00:00.000001Z",
  })
  void toTimestamp(String from, String expectedIso) {
    Object micros = eval("CAST(" + from + " AS TIMESTAMP)");
    assertThat(micros).isEqualTo(expectedIso == null ? null : ExprFixture.micros(expectedIso));
  }

  @Test
  void longSecondsSaturateAtTheEndsOfTheTimestampRange() {
    assertThat(eval("CAST(9223372036854775807 AS TIMESTAMP)")).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aTimeWithoutADateIsOnTheBatchDateInTheTextsZone() {
    // Spark takes today's date from the wall clock; Millrace the batch's, so a replay agrees.
    BoundExpression timeAlone = bind("CAST('T1:2:3 +02:00' AS TIMESTAMP)");
    long lateOnJanuary2 = ExprFixture.micros("2030-01-02T23:30:00Z");
    assertThat(timeAlone.eval(ExprFixture.ROW, EvalContext.ofBatchTimestamp(lateOnJanuary2)))
        .isEqualTo(ExprFixture.micros("2030-01-02T23:02:03Z"));
    assertThat(timeAlone.eval(ExprFixture.ROW, ExprFixture.CONTEXT)).isEqualTo(ExprFixture.micros("2030-01-01T23:02:03Z"));
    assertThat(eval("CAST('23:59:57.5' AS TIMESTAMP)")).isEqualTo(ExprFixture.micros("2030-01-02T23:59:57.5Z"));
    assertThat(eval("hour('23:59:57')")).isEqualTo(23);
  }

  @Test
  void aTimestampLiteralNeedsADate() {
    assertThatThrownBy(() -> bind("TIMESTAMP '23:59:57'"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot parse 'TIMESTAMP '23:59:57'' at position 11: invalid TIMESTAMP literal '23:59:57'");
    assertThat(eval("TIMESTAMP '2026-09-14 23:59:57.067'")).isEqualTo(ExprFixture.TS);
  }

  @Test
  void structsAsText() {
    Schema withStruct = Schema.parse("w STRUCT<start TIMESTAMP, end TIMESTAMP>");
    BoundExpression text = ExpressionParser.parseExpression("CAST(w AS STRING)").bind(withStruct);
    assertThat(text.eval(Row.of(Row.of(ExprFixture.TS, null)), ExprFixture.CONTEXT))
        .isEqualTo("{2026-09-14 23:59:57.067, null}");
  }

  @Test
  void typeNames() {
    assertThat(bind("CAST(i AS varchar(3))").type()).isEqualTo(DataType.STRING);
    assertThat(bind("CAST(i AS CHAR ( 3 ))").type()).isEqualTo(DataType.STRING);
    assertThat(bind("CAST(i AS TIMESTAMP_LTZ)").type()).isEqualTo(DataType.TIMESTAMP);
    assertThat(bind("CAST(d AS FLOAT)").type()).isEqualTo(DataType.FLOAT);
    assertThat(bind("CAST(d AS DECIMAL(10, 2))").type()).isEqualTo(DataType.decimal(10, 2));
    assertThat(bind("CAST(s AS DATE)").type()).isEqualTo(DataType.DATE);
    assertThat(bind("CAST(i AS SMALLINT)").type()).isEqualTo(DataType.SHORT);
    assertThatThrownBy(() -> bind("CAST(s AS ARRAY<INT>)")).hasMessageContaining("cannot cast STRING to ARRAY<INT>");
    assertThatThrownBy(() -> bind("CAST(d AS INTERVAL DAY)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageEndingWith("type 'INTERVAL DAY' is not supported: Millrace has no INTERVAL type");
    assertThatThrownBy(() -> bind("CAST(s AS STRING COLLATE UTF8_LCASE)"))
        .hasMessageEndingWith("collations are not supported");
    assertThatThrownBy(() -> bind("CAST(s AS VARCHAR(3)")).hasMessageContaining("expected ')'");
  }

  @Test
  void binaryToTextDecodesUtf8() {
    assertThat(eval("CAST(bin AS STRING)")).isEqualTo("\u0001\u0002");
  }

  @Test
  void toBinary() {
    assertThat((byte[]) eval("CAST('hi' AS BINARY)")).containsExactly('h', 'i');
    assertThat((byte[]) eval("CAST(258 AS BINARY)")).containsExactly(0, 0, 1, 2);
    assertThat((byte[]) eval("CAST(1L AS BINARY)")).containsExactly(0, 0, 0, 0, 0, 0, 0, 1);
  }

  @Test
  void timestampTextRoundTrips() {
    assertThat(eval("CAST(CAST(ts AS STRING) AS TIMESTAMP) = ts")).isEqualTo(true);
  }

  @Test
  void castToTheSameTypeIsTheChildItself() {
    BoundExpression child = new ColumnRef("i").bind(ExprFixture.SCHEMA);
    assertThat(Cast.coerce(child, DataType.INT)).isSameAs(child);
  }

  @Test
  void nullability() {
    assertThat(bind("CAST(i AS LONG)").nullable()).isFalse();
    assertThat(bind("CAST(i AS STRING)").nullable()).isFalse();
    assertThat(bind("CAST(s AS INT)").nullable()).isTrue();
    assertThat(bind("CAST(d AS TIMESTAMP)").nullable()).isTrue();
    // Seconds beyond the INT range give NULL (ts may be null itself, so a column that could not is made).
    assertThat(bind("CAST(coalesce(ts, TIMESTAMP '2026-09-14') AS INT)").nullable()).isTrue();
    assertThat(bind("CAST(coalesce(ts, TIMESTAMP '2026-09-14') AS BIGINT)").nullable()).isFalse();
    // A constant is cast once, when bound: the literal it becomes is null or not, for good.
    assertThat(bind("CAST(TIMESTAMP '2026-09-14' AS INT)").nullable()).isFalse();
    assertThat(bind("CAST(NULL AS INT)").type()).isEqualTo(DataType.INT);
  }

  @Test
  void unsupportedCastsFailAtBindTime() {
    assertThatThrownBy(() -> bind("CAST(bin AS INT)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'CAST(bin AS INT)': cannot cast BINARY to INT");
    assertThatThrownBy(() -> bind("CAST(d AS BINARY)")).hasMessageContaining("cannot cast DOUBLE to BINARY");
    assertThatThrownBy(() -> bind("CAST(ts AS BINARY)")).hasMessageContaining("cannot cast TIMESTAMP to BINARY");

    Schema withStruct = Schema.parse("w STRUCT<start TIMESTAMP, end TIMESTAMP>");
    assertThatThrownBy(() -> ExpressionParser.parseExpression("CAST(w AS INT)").bind(withStruct))
        .hasMessageContaining("cannot cast STRUCT<start TIMESTAMP, end TIMESTAMP> to INT");
    BoundExpression same = new Cast(new ColumnRef("w"), withStruct.field(0).type()).bind(withStruct);
    Row window = Row.of(1L, 2L);
    assertThat(same.eval(Row.of(window), ExprFixture.CONTEXT)).isEqualTo(window);
  }
}
