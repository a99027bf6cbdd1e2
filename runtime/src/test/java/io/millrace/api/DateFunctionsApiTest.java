package io.millrace.api;

import static io.millrace.api.ColumnTest.bind;
import static io.millrace.api.ColumnTest.eval;
import static io.millrace.api.functions.add_months;
import static io.millrace.api.functions.date_trunc;
import static io.millrace.api.functions.datediff;
import static io.millrace.api.functions.from_utc_timestamp;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.make_date;
import static io.millrace.api.functions.to_date;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.runtime.expr.ExpressionParser;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * The date functions through the Java API resolve to the same functions as SQL text (whose
 * values SparkCastAndTimeFactsTest checks against Spark), with Spark's default column names;
 * what SQL text cannot check there is here.
 */
class DateFunctionsApiTest {
  private static int day(String iso) {
    return (int) LocalDate.parse(iso).toEpochDay();
  }

  @Test
  void javaCallsGiveTheSqlFunctionsValuesAndNames() {
    assertThat(eval(to_date(lit("01/05/2024"), "dd/MM/yyyy"))).isEqualTo(day("2024-05-01"));
    assertThat(eval(add_months(to_date(lit("2024-01-31")), 1))).isEqualTo(day("2024-02-29"));
    assertThat(eval(datediff(to_date(lit("2024-05-01")), to_date(lit("2024-04-01"))))).isEqualTo(30);
    assertThat(eval(make_date(lit(2023), lit(2), lit(29)))).isNull();
    assertThat(bind(date_trunc("HOUR", lit(java.time.Instant.parse("2024-05-01T12:34:56Z")))).type())
        .isEqualTo(DataType.TIMESTAMP);
    assertThat(to_date(lit("2024-05-01")).toString()).isEqualTo("to_date('2024-05-01')");
  }

  @Test
  void anUnknownZoneFailsTheRowNamingIt() {
    BoundExpressionHolder h = new BoundExpressionHolder(bind(from_utc_timestamp(lit(java.time.Instant.EPOCH), "Nowhere/City")));
    assertThatThrownBy(h::eval).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid time zone 'Nowhere/City'");
  }

  @Test
  void intervalsAddToTimesOnlyAndKeepTheirText() {
    Schema schema = Schema.parse("ts TIMESTAMP, d DATE");
    assertThat(ExpressionParser.parseExpression("ts + INTERVAL 1 HOUR").defaultName()).isEqualTo("(ts + INTERVAL 1 HOUR)");
    assertThat(ExpressionParser.parseExpression("d + INTERVAL 2 DAYS").bind(schema).type()).isEqualTo(DataType.DATE);
    assertThat(ExpressionParser.parseExpression("d + INTERVAL 3 HOURS").bind(schema).type()).isEqualTo(DataType.TIMESTAMP);
    assertThatThrownBy(() -> ExpressionParser.parseExpression("INTERVAL 1 HOUR").bind(schema))
        .isInstanceOf(AnalysisException.class).hasMessageContaining("Millrace has no INTERVAL type");
    assertThatThrownBy(() -> ExpressionParser.parseExpression("d - d").bind(schema))
        .hasMessageContaining("datediff(end, start)");
    assertThatThrownBy(() -> ExpressionParser.parseExpression("ts + INTERVAL 1 FORTNIGHT"))
        .hasMessageContaining("expected a unit");
  }

  private record BoundExpressionHolder(io.millrace.runtime.expr.BoundExpression bound) {
    Object eval() {
      return bound.eval(Row.of(), io.millrace.runtime.expr.EvalContext.ofBatchTimestamp(0));
    }
  }
}
