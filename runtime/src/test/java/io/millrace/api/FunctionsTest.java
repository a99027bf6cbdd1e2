package io.millrace.api;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.ColumnTest.bind;
import static io.millrace.api.ColumnTest.eval;
import static io.millrace.api.functions.abs;
import static io.millrace.api.functions.ceil;
import static io.millrace.api.functions.coalesce;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.column;
import static io.millrace.api.functions.concat;
import static io.millrace.api.functions.current_timestamp;
import static io.millrace.api.functions.date_format;
import static io.millrace.api.functions.dayofmonth;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.floor;
import static io.millrace.api.functions.hour;
import static io.millrace.api.functions.isnotnull;
import static io.millrace.api.functions.isnull;
import static io.millrace.api.functions.length;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.lower;
import static io.millrace.api.functions.ltrim;
import static io.millrace.api.functions.minute;
import static io.millrace.api.functions.month;
import static io.millrace.api.functions.round;
import static io.millrace.api.functions.rtrim;
import static io.millrace.api.functions.second;
import static io.millrace.api.functions.substring;
import static io.millrace.api.functions.timestamp_micros;
import static io.millrace.api.functions.timestamp_millis;
import static io.millrace.api.functions.timestamp_seconds;
import static io.millrace.api.functions.to_timestamp;
import static io.millrace.api.functions.trim;
import static io.millrace.api.functions.unix_timestamp;
import static io.millrace.api.functions.upper;
import static io.millrace.api.functions.year;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.NamedExpressions;
import io.millrace.spi.data.DataType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FunctionsTest {
  private static final long TS = (Long) ColumnTest.ROW.get(5);

  @Test
  void columnsAndLiterals() {
    assertThat(eval(col("amount"))).isEqualTo(12);
    assertThat(eval(column("AMOUNT"))).isEqualTo(12);
    assertThat(eval(lit(5L))).isEqualTo(5L);
    assertThat(eval(lit("x"))).isEqualTo("x");
    assertThat(eval(lit(Instant.ofEpochSecond(2)))).isEqualTo(2_000_000L);
    assertThat(eval(lit(null))).isNull();
    Column c = col("key");
    assertThat(lit(c)).isSameAs(c);
  }

  @Test
  void exprParsesSqlWithAnAlias() {
    Column k2 = expr("upper(key) AS k2");
    assertThat(ApiExpressions.of(k2.node())).isInstanceOf(Alias.class);
    assertThat(NamedExpressions.outputName(ApiExpressions.of(k2.node()))).isEqualTo("k2");
    assertThat(eval(k2)).isEqualTo("APPLE");
    assertThat(eval(expr("amount > 10 AND key IS NOT NULL"))).isEqualTo(true);
    assertThat(eval(expr("amount * 2 doubled"))).isEqualTo(24);
    // As in Spark 4, the text is parsed when the query is resolved, not when the column is made.
    Column unfinished = expr("amount >");
    assertThat(unfinished.toString()).isEqualTo("amount >");
    assertThatThrownBy(() -> eval(unfinished))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot parse 'amount >' at position 9: expected an expression");
  }

  @Test
  void logicAndConditionals() {
    assertThat(eval(isnull(col("missing")))).isEqualTo(true);
    assertThat(eval(isnotnull(col("missing")))).isEqualTo(false);
    assertThat(eval(coalesce(col("missing"), col("amount"), lit(0)))).isEqualTo(12);
    assertThat(eval(coalesce(col("missing"), lit(2.5)))).isEqualTo(2.5);
  }

  @Test
  void strings() {
    assertThat(eval(upper(col("key")))).isEqualTo("APPLE");
    assertThat(eval(lower(lit("MiXed")))).isEqualTo("mixed");
    assertThat(eval(length(col("key")))).isEqualTo(5);
    assertThat(eval(trim(lit("  x  ")))).isEqualTo("x");
    assertThat(eval(ltrim(lit("  x  ")))).isEqualTo("x  ");
    assertThat(eval(rtrim(lit("  x  ")))).isEqualTo("  x");
    assertThat(eval(concat(col("key"), lit(":"), col("amount")))).isEqualTo("apple:12");
    assertThat(eval(concat(col("key"), col("missing")))).isNull();
    assertThat(eval(substring(col("key"), 2, 3))).isEqualTo("ppl");
    assertThat(eval(substring(col("key"), -2, 5))).isEqualTo("le");
  }

  @Test
  void math() {
    assertThat(eval(abs(lit(-3)))).isEqualTo(3);
    assertThat(eval(round(lit(2.5)))).isEqualTo(3.0);
    assertThat(eval(round(col("price").multiply(3.3333), 2))).isEqualTo(1.67);
    assertThat(eval(floor(lit(-0.5)))).isEqualTo(-1L);
    assertThat(eval(ceil(col("price")))).isEqualTo(1L);
  }

  @Test
  void currentTimestampIsTheBatchTimestamp() {
    assertThat(eval(current_timestamp())).isEqualTo(1_000_000L);
    assertThat(bind(current_timestamp()).eval(ColumnTest.ROW, EvalContext.ofBatchTimestamp(7L))).isEqualTo(7L);
    assertThat(eval(unix_timestamp())).isEqualTo(1L);
    assertThat(current_timestamp().toString()).isEqualTo("current_timestamp()");
  }

  @Test
  void timeFunctions() {
    assertThat(eval(to_timestamp(col("text")))).isEqualTo(TS);
    assertThat(eval(to_timestamp(lit("14/09/2026"), "dd/MM/yyyy"))).isEqualTo(1_789_344_000_000_000L);
    assertThat(eval(date_format(col("ts"), "yyyy-MM-dd'T'HH:mm"))).isEqualTo("2026-09-14T23:59");
    assertThat(eval(year(col("ts")))).isEqualTo(2026);
    assertThat(eval(month(col("ts")))).isEqualTo(9);
    assertThat(eval(dayofmonth(col("ts")))).isEqualTo(14);
    assertThat(eval(hour(col("ts")))).isEqualTo(23);
    assertThat(eval(minute(col("ts")))).isEqualTo(59);
    assertThat(eval(second(col("ts")))).isEqualTo(57);
    assertThat(eval(unix_timestamp(col("ts")))).isEqualTo(1_789_430_397L);
    // Without a pattern, text is read as yyyy-MM-dd HH:mm:ss, as in Spark: ISO-8601 gives NULL.
    assertThat(eval(unix_timestamp(col("text")))).isNull();
    assertThat(eval(unix_timestamp(lit("2026-09-14 23:59:57")))).isEqualTo(1_789_430_397L);
    assertThat(eval(unix_timestamp(lit("2026-09-14"), "yyyy-MM-dd"))).isEqualTo(1_789_344_000L);
    assertThat(eval(timestamp_seconds(lit(1_789_430_397L)))).isEqualTo(1_789_430_397_000_000L);
    assertThat(eval(timestamp_millis(lit(1_789_430_397_067L)))).isEqualTo(TS);
    assertThat(eval(timestamp_micros(lit(TS)))).isEqualTo(TS);
    assertThat(bind(timestamp_seconds(col("amount"))).type()).isEqualTo(DataType.TIMESTAMP);
  }

  @Test
  void sqlNamesMatchTheParser() {
    assertThat(upper(col("key")).toString()).isEqualTo("upper(key)");
    assertThat(round(col("price"), 1).toString()).isEqualTo("round(price, 1)");
    assertThat(date_format(col("ts"), "HH").toString()).isEqualTo("date_format(ts, 'HH')");
    assertThat(substring(col("key"), 1, 2).toString()).isEqualTo("substring(key, 1, 2)");
    assertThat(expr(substring(col("key"), 1, 2).toString()).toString()).isEqualTo("substring(key, 1, 2)");
    assertThat(expr(timestamp_millis(col("amount")).toString()).toString()).isEqualTo("timestamp_millis(amount)");
  }
}
