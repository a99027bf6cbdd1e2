package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The math and conditional functions over columns (i=7, l=10, d=2.5, s='Hello', n NULL; see
 * {@link ExprFixture}), where {@link SparkCastAndTimeFactsTest} checks them on Spark's literal
 * probes: values read per row, nullability, names, laziness and how DIV and IS DISTINCT FROM
 * parse.
 */
class MathAndConditionalFunctionsTest {

  @Test
  void doubleFunctionsReadColumnsAsDoubles() {
    assertThat(eval("pow(i, 2)")).isEqualTo(49.0);
    assertThat(eval("sqrt(d * 10)")).isEqualTo(5.0);
    assertThat(eval("log(2, l * 0.8)")).isEqualTo(3.0);
    assertThat(eval("ln(i - 7)")).isNull();
    assertThat(eval("sign(-l)")).isEqualTo(-1.0);
    assertThat(eval("exp(n)")).isNull();
    // Spark computes with StrictMath: the last digit differs from Math.exp's on some JVMs.
    assertThat(eval("exp(i - 6)")).isEqualTo(2.7182818284590455);
    assertThat(bind("cbrt(s)").type()).isEqualTo(DataType.DOUBLE);
    assertThat(eval("cbrt(s)")).isNull();
  }

  @Test
  void isnanIsNeverNull() {
    assertThat(eval("isnan(n)")).isEqualTo(false);
    assertThat(eval("isnan(d / 0)")).isEqualTo(false);
    assertThat(eval("isnan(CAST(s AS DOUBLE))")).isEqualTo(false);
    assertThat(eval("isnan(sqrt(-d))")).isEqualTo(true);
    assertThat(bind("isnan(n)").nullable()).isFalse();
    assertThatThrownBy(() -> bind("isnan(ts)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'isnan(ts)': ts is TIMESTAMP but a number is needed");
  }

  @Test
  void bround_and_scaledFloorAndCeilOverColumns() {
    assertThat(eval("bround(d)")).isEqualTo(2.0);
    assertThat(eval("bround(d + 1)")).isEqualTo(4.0);
    assertThat(eval("bround(i * 5, -1)")).isEqualTo(40);
    assertThat(eval("floor(d, 0)")).isEqualTo(new BigDecimal("2"));
    assertThat(bind("floor(d, 0)").type()).isEqualTo(DataType.decimal(16, 0));
    assertThat(eval("ceil(i, -1)")).isEqualTo(new BigDecimal("10"));
    assertThat(bind("ceil(i, -1)").type()).isEqualTo(DataType.decimal(11, 0));
    assertThat(eval("ceiling(l / 3, 2)")).isEqualTo(new BigDecimal("3.34"));
    assertThat(eval("floor(n, 2)")).isNull();
    assertThatThrownBy(() -> bind("floor(d, i)")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("floor needs its scale as an integer literal but got i");
  }

  @Test
  void pmodIsTheRemainderMadePositive() {
    assertThat(eval("pmod(-i, 3)")).isEqualTo(2);
    assertThat(eval("pmod(-l, 4L)")).isEqualTo(2L);
    assertThat(eval("pmod(-d, 2)")).isEqualTo(1.5);
    assertThat(eval("pmod(i, n)")).isNull();
    assertThat(eval("pmod(i, i - 7)")).isNull();
    assertThat(ExpressionParser.parseExpression("pmod(i, 3)").defaultName()).isEqualTo("pmod(i, 3)");
  }

  @Test
  void divTruncatesTowardZeroToABigint() {
    assertThat(eval("-i DIV 2")).isEqualTo(-3L);
    assertThat(eval("l div 3 * 3")).isEqualTo(9L);
    assertThat(eval("i DIV n")).isNull();
    assertThat(eval("i DIV (i - 7)")).isNull();
    assertThat(eval("div(l, 4)")).isEqualTo(2L);
    assertThat(bind("i DIV 2").type()).isEqualTo(DataType.LONG);
    assertThat(ExpressionParser.parseExpression("i DIV 2").defaultName()).isEqualTo("(i div 2)");
    assertThatThrownBy(() -> bind("d DIV 2")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(d div 2)': d is DOUBLE but DIV needs an integral or DECIMAL operand");
  }

  @Test
  void divIsAnOperatorOnlyWhereAnOperandFollows() {
    Schema schema = Schema.parse("div INT, amount INT");
    Row row = Row.of(4, 9);
    assertThat(ExpressionParser.parseExpression("div div 2").bind(schema).eval(row, ExprFixture.CONTEXT)).isEqualTo(2L);
    assertThat(ExpressionParser.parseExpression("amount div div").bind(schema).eval(row, ExprFixture.CONTEXT))
        .isEqualTo(2L);
    assertThat(ExpressionParser.parseExpression("div + 1").bind(schema).eval(row, ExprFixture.CONTEXT)).isEqualTo(5);
    Expression aliased = ExpressionParser.parseNamedExpression("amount div");
    assertThat(aliased).isInstanceOf(Alias.class);
    assertThat(aliased.defaultName()).isEqualTo("div");
  }

  @Test
  void isDistinctFromIsNullSafe() {
    assertThat(eval("n IS DISTINCT FROM i")).isEqualTo(true);
    assertThat(eval("n IS NOT DISTINCT FROM NULL")).isEqualTo(true);
    assertThat(eval("i IS NOT DISTINCT FROM 3 + 4")).isEqualTo(true);
    assertThat(eval("NOT i IS DISTINCT FROM 7")).isEqualTo(true);
    assertThat(bind("n IS DISTINCT FROM i").nullable()).isFalse();
    assertThat(ExpressionParser.parseExpression("n IS DISTINCT FROM i").defaultName()).isEqualTo("(NOT (n <=> i))");
    assertThatThrownBy(() -> bind("i IS DISTINCT 7")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot parse 'i IS DISTINCT 7' at position 15: expected FROM but found '7'");
  }

  @Test
  void greatestAndLeastSkipNulls() {
    assertThat(eval("greatest(i, l, d)")).isEqualTo(10.0);
    assertThat(bind("greatest(i, l, d)").type()).isEqualTo(DataType.DOUBLE);
    assertThat(eval("least(n, i, l)")).isEqualTo(7L);
    assertThat(eval("least(s, 'Hallo')")).isEqualTo("Hallo");
    assertThat(eval("greatest(n, n + 1)")).isNull();
    assertThat(bind("greatest(n, i)").nullable()).isFalse();
    assertThat(bind("greatest(n, l)").nullable()).isTrue();
    assertThatThrownBy(() -> bind("greatest(i, s)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'greatest(i, s)': its values must share a type, but i is INT and s is STRING");
    Schema maps = Schema.parse("m MAP<STRING, INT>");
    assertThatThrownBy(() -> ExpressionParser.parseExpression("least(m, m)").bind(maps))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'least(m, m)': its arguments are MAP<STRING, INT>, which has no order");
    assertThatThrownBy(() -> bind("greatest(i)")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("greatest takes at least 2 arguments but got 1");
  }

  @Test
  void ifEvaluatesOnlyTheBranchItTakes() {
    assertThat(eval("if(b, i, d)")).isEqualTo(7.0);
    assertThat(eval("if(nb, 1, 2)")).isEqualTo(2);
    // The other branch would fail the query: a whole count of seconds beyond the TIMESTAMP range.
    assertThat(eval("if(i > 0, 1L, unix_timestamp(timestamp_seconds(l * 922337203685477580)))")).isEqualTo(1L);
    assertThatThrownBy(() -> eval("if(i < 0, 1L, unix_timestamp(timestamp_seconds(l * 922337203685477580)))"))
        .isInstanceOf(ArithmeticException.class);
    assertThat(bind("if(b, i, 2)").nullable()).isFalse();
    assertThatThrownBy(() -> bind("if(i, 1, 2)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'if(i, 1, 2)': i is INT but BOOLEAN is needed");
  }

  @Test
  void nvlFamily() {
    assertThat(eval("nvl(n, i)")).isEqualTo(7);
    assertThat(eval("ifnull(ns, s)")).isEqualTo("Hello");
    assertThat(eval("nvl(l, d)")).isEqualTo(10.0);
    assertThat(ExpressionParser.parseExpression("ifnull(ns, s)").defaultName()).isEqualTo("ifnull(ns, s)");
    assertThatThrownBy(() -> bind("nvl(i, ts)")).isInstanceOf(AnalysisException.class)
        .hasMessageStartingWith("cannot resolve 'coalesce(i, ts)': its values must share a type");
    assertThat(eval("nvl2(n, 'a', 'b')")).isEqualTo("b");
    assertThat(eval("nvl2(s, i, d)")).isEqualTo(7.0);
    assertThat(bind("nvl2(n, 1, 2)").nullable()).isFalse();
  }

  @Test
  void nullifComparesAsEqualsDoesButKeepsTheFirstType() {
    assertThat(eval("nullif(i, 7)")).isNull();
    assertThat(eval("nullif(i, 7.0D)")).isNull();
    assertThat(eval("nullif(i, 7.5D)")).isEqualTo(7);
    assertThat(bind("nullif(i, 7.5D)").type()).isEqualTo(DataType.INT);
    assertThat(eval("nullif(s, ns)")).isEqualTo("Hello");
    assertThat(eval("nullif(n, i)")).isNull();
    // Text read as a TIMESTAMP to compare, the text kept as the result.
    assertThat(eval("nullif('2026-09-14 23:59:57.067', ts)")).isNull();
    assertThat(eval("nullif('2026-09-14 23:59:58', ts)")).isEqualTo("2026-09-14 23:59:58");
    assertThat(eval("nullif('not a time', ts)")).isEqualTo("not a time");
    assertThatThrownBy(() -> bind("nullif(i, ts)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'nullif(i, ts)': cannot compare i (INT) with ts (TIMESTAMP)");
  }
}
