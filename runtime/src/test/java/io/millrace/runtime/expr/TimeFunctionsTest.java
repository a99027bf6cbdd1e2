package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.BATCH;
import static io.millrace.runtime.expr.ExprFixture.TS;
import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static io.millrace.runtime.expr.ExprFixture.micros;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeFunctionsTest {

  @Test
  void currentTimestampReadsTheBatchTimeFromTheContext() {
    BoundExpression now = bind("current_timestamp()");
    assertThat(now.type()).isEqualTo(DataType.TIMESTAMP);
    assertThat(now.nullable()).isFalse();
    assertThat(now.eval(ExprFixture.ROW, ExprFixture.CONTEXT)).isEqualTo(BATCH);
    assertThat(now.eval(ExprFixture.ROW, EvalContext.ofBatchTimestamp(42L))).isEqualTo(42L);
    assertThat(eval("unix_timestamp()")).isEqualTo(BATCH / 1_000_000);
  }

  @Test
  void toTimestampWithoutAPatternIsACast() {
    assertThat(eval("to_timestamp('2026-09-14T23:59:57.067Z')")).isEqualTo(TS);
    assertThat(eval("to_timestamp('2026-09-14 23:59:57.067')")).isEqualTo(TS);
    assertThat(eval("to_timestamp(ts)")).isEqualTo(TS);
    assertThat(eval("to_timestamp(i)")).isEqualTo(7_000_000L);
    assertThat(eval("to_timestamp(s)")).isNull();
    assertThat(eval("to_timestamp(ns)")).isNull();
    assertThatThrownBy(() -> bind("to_timestamp(b)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'to_timestamp(b)': b is BOOLEAN but STRING, TIMESTAMP or a number is needed");
  }

  @Test
  void toTimestampWithAPatternTakesTextOrATimestamp() {
    assertThat(eval("to_timestamp(ts, 'yyyy')")).isEqualTo(TS);
    assertThatThrownBy(() -> bind("to_timestamp(i, 'yyyy')"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'to_timestamp(i, 'yyyy')': i is INT but STRING or TIMESTAMP is needed");
  }

  @ParameterizedTest(name = "to_timestamp(''{0}'', ''{1}'')")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "14/09/2026 23:59             | dd/MM/yyyy HH:mm            | 2026-09-14T23:59:00Z",
      "2026-09-14 23:59:57.067      | yyyy-MM-dd HH:mm:ss.SSS     | 2026-09-14T23:59:57.067Z",
      "2026-09-14                   | yyyy-MM-dd                  | 2026-09-14T00:00:00Z",
      "2026-09                      | yyyy-MM                     | 2026-09-01T00:00:00Z",
      "23:59                        | HH:mm                       | 1970-01-01T23:59:00Z",
      "2026-09-15 01:59:57+0200     | yyyy-MM-dd HH:mm:ssZ        | 2026-09-14T23:59:57Z",
      "2026-09-15 01:59:57 Europe/Paris | yyyy-MM-dd HH:mm:ss VV | 2026-09-14T23:59:57Z",
      "14 sep 2026                  | dd MMM yyyy                 | 2026-09-14T00:00:00Z",
      "2026-09-14T23:59:57.067Z     | yyyy-MM-dd'T'HH:mm:ss.SSSX  | 2026-09-14T23:59:57.067Z",
      "14.09.2026                   | dd/MM/yyyy                  | NULL",
      "2026-13-01                   | yyyy-MM-dd                  | NULL",
  })
  void toTimestampWithAPattern(String text, String pattern, String expectedIso) {
    Object actual = eval("to_timestamp('" + text + "', '" + pattern.replace("'", "''") + "')");
    assertThat(actual).isEqualTo(expectedIso == null ? null : micros(expectedIso));
  }

  @Test
  void patternLettersSparkRefusesFailAtBindTime() {
    assertThatThrownBy(() -> bind("date_format(ts, 'YYYY-MM-dd')"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'date_format(ts, 'YYYY-MM-dd')': invalid datetime pattern 'YYYY-MM-dd': pattern "
            + "letter 'Y' is refused, as Spark 3+ refuses it: week-based fields and 'u' are not supported; use 'y' for "
            + "the year and 'E' for the day of the week");
    assertThatThrownBy(() -> bind("to_timestamp(s, 'EEE yyyy')"))
        .hasMessageEndingWith("pattern letter 'E' is refused, as Spark 3+ refuses it: it cannot be used to parse text");
    assertThatThrownBy(() -> bind("date_format(ts, 'MMMMM')"))
        .hasMessageEndingWith("too many pattern letters 'M': Spark takes at most 4");
    assertThat(eval("date_format(ts, 'EEE ''u'' yyyy')")).isEqualTo("Mon u 2026");
  }

  @Test
  void anInvalidPatternFailsAtBindTime() {
    assertThatThrownBy(() -> bind("to_timestamp(s, 'yyyy-bb')"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageStartingWith("cannot resolve 'to_timestamp(s, 'yyyy-bb')': invalid datetime pattern 'yyyy-bb': ");
    assertThatThrownBy(() -> bind("date_format(ts, 'yyyy-bb')")).hasMessageContaining("invalid datetime pattern");
  }

  @Test
  void dateFormatWritesUtc() {
    assertThat(eval("date_format(ts, 'yyyy-MM-dd HH:mm:ss.SSS')")).isEqualTo("2026-09-14 23:59:57.067");
    assertThat(eval("date_format(ts, 'EEE, d MMM yyyy')")).isEqualTo("Mon, 14 Sep 2026");
    assertThat(eval("date_format(ts, 'HH:mm XXX')")).isEqualTo("23:59 Z");
    assertThat(eval("date_format('2026-09-14T05:00:00Z', 'HH')")).isEqualTo("05");
    assertThat(eval("date_format(CAST(NULL AS TIMESTAMP), 'HH')")).isNull();
  }

  @Test
  void fieldsOfATimestamp() {
    assertThat(eval("year(ts)")).isEqualTo(2026);
    assertThat(eval("month(ts)")).isEqualTo(9);
    assertThat(eval("dayofmonth(ts)")).isEqualTo(14);
    assertThat(eval("day(ts)")).isEqualTo(14);
    assertThat(eval("hour(ts)")).isEqualTo(23);
    assertThat(eval("minute(ts)")).isEqualTo(59);
    assertThat(eval("second(ts)")).isEqualTo(57);
    assertThat(bind("year(ts)").type()).isEqualTo(DataType.INT);
  }

  @Test
  void fieldsBeforeTheEpochCountFromTheRightDay() {
    String t = "TIMESTAMP '1969-12-31T22:30:15.5Z'";
    assertThat(eval("year(" + t + ")")).isEqualTo(1969);
    assertThat(eval("month(" + t + ")")).isEqualTo(12);
    assertThat(eval("dayofmonth(" + t + ")")).isEqualTo(31);
    assertThat(eval("hour(" + t + ")")).isEqualTo(22);
    assertThat(eval("minute(" + t + ")")).isEqualTo(30);
    assertThat(eval("second(" + t + ")")).isEqualTo(15);
  }

  @Test
  void fieldsOfTextAndNull() {
    assertThat(eval("year('2026-09-14')")).isEqualTo(2026);
    assertThat(eval("month('not a date')")).isNull();
    assertThat(eval("hour(CAST(NULL AS TIMESTAMP))")).isNull();
    assertThatThrownBy(() -> bind("year(i)")).hasMessage("cannot resolve 'year(i)': i is INT but TIMESTAMP is needed");
  }

  @Test
  void unixTimestampGivesWholeSeconds() {
    assertThat(eval("unix_timestamp(ts)")).isEqualTo(1789430397L);
    assertThat(eval("unix_timestamp('2026-09-14 23:59:57')")).isEqualTo(1789430397L);
    assertThat(eval("unix_timestamp('2026-09-14T23:59:57Z')")).isNull();
    assertThat(eval("unix_timestamp('14/09/2026', 'dd/MM/yyyy')")).isEqualTo(1789344000L);
    assertThat(eval("unix_timestamp('junk')")).isNull();
    assertThat(bind("unix_timestamp(ts)").type()).isEqualTo(DataType.LONG);
    assertThatThrownBy(() -> bind("unix_timestamp(d)"))
        .hasMessage("cannot resolve 'unix_timestamp(d)': d is DOUBLE but STRING or TIMESTAMP is needed");
  }

  @Test
  void epochCountsToTimestamps() {
    assertThat(eval("timestamp_seconds(1789430397)")).isEqualTo(micros("2026-09-14T23:59:57Z"));
    assertThat(eval("timestamp_seconds(1.5)")).isEqualTo(1_500_000L);
    assertThat(eval("timestamp_seconds(-1L)")).isEqualTo(-1_000_000L);
    assertThat(eval("timestamp_millis(1789430397067L)")).isEqualTo(TS);
    assertThat(eval("timestamp_micros(" + TS + "L)")).isEqualTo(TS);
    assertThat(eval("timestamp_millis(n)")).isNull();
    assertThat(bind("timestamp_millis(i)").type()).isEqualTo(DataType.TIMESTAMP);
  }

  @Test
  void unixTimestampTruncatesTowardZeroWhereACastFloors() {
    String halfSecondBeforeTheEpoch = "TIMESTAMP '1969-12-31 23:59:59.5'";
    assertThat(eval("unix_timestamp(" + halfSecondBeforeTheEpoch + ")")).isEqualTo(0L);
    assertThat(eval("CAST(" + halfSecondBeforeTheEpoch + " AS BIGINT)")).isEqualTo(-1L);
    assertThat(eval("unix_timestamp(TIMESTAMP '1969-12-31 23:59:58.000001')")).isEqualTo(-1L);
  }

  @Test
  void wholeEpochCountsOutOfRangeFailLikeSpark() {
    BoundExpression millis = bind("timestamp_millis(l * 922337203685477580)");
    assertThatThrownBy(() -> millis.eval(ExprFixture.ROW, ExprFixture.CONTEXT))
        .isInstanceOf(ArithmeticException.class)
        .hasMessage("timestamp_millis((l * 922337203685477580L)): 9223372036854775800 is outside the TIMESTAMP range "
            + "(long overflow)");
    assertThatThrownBy(() -> eval("timestamp_seconds(-9223372036854775807)")).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void fractionalSecondsOutOfRangeSaturateLikeACast() {
    assertThat(eval("timestamp_seconds(1.0E300)")).isEqualTo(Long.MAX_VALUE);
    assertThat(eval("timestamp_seconds(-1.0E300)")).isEqualTo(Long.MIN_VALUE);
    assertThat(eval("timestamp_seconds(CAST('NaN' AS DOUBLE))")).isNull();
  }

  @Test
  void millisAndMicrosMustBeWhole() {
    assertThatThrownBy(() -> bind("timestamp_millis(d)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'timestamp_millis(d)': d is DOUBLE but an integral type (INT, BIGINT, ..) is needed");
  }
}
