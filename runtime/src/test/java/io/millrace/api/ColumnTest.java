package io.millrace.api;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.not;
import static io.millrace.api.functions.when;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.NamedExpressions;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnTest {
  static final Schema SCHEMA = Schema.parse(
      "key STRING, amount INT, price DOUBLE, flag BOOLEAN, missing INT, ts TIMESTAMP, text STRING");
  /** ts is 2026-09-14T23:59:57.067Z; text is ISO-8601 for the same instant. */
  static final Row ROW = Row.of("apple", 12, 0.5, true, null, 1_789_430_397_067_000L, "2026-09-14T23:59:57.067Z");
  static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(1_000_000L);

  static Object eval(Column c) {
    return bind(c).eval(ROW, CONTEXT);
  }

  static BoundExpression bind(Column c) {
    return ApiExpressions.of(c.node()).bind(SCHEMA);
  }

  @Test
  void arithmeticTakesColumnsAndLiterals() {
    assertThat(eval(col("amount").plus(1))).isEqualTo(13);
    assertThat(eval(col("amount").plus(1L))).isEqualTo(13L);
    assertThat(eval(col("amount").minus(col("price")))).isEqualTo(11.5);
    assertThat(eval(col("amount").multiply(2))).isEqualTo(24);
    assertThat(eval(col("amount").divide(5))).isEqualTo(2.4);
    assertThat(eval(col("amount").divide(0))).isNull();
    assertThat(eval(col("amount").mod(5))).isEqualTo(2);
    assertThat(eval(col("amount").unaryMinus())).isEqualTo(-12);
    assertThat(eval(col("missing").plus(1))).isNull();
  }

  @Test
  void comparisons() {
    assertThat(eval(col("amount").gt(10))).isEqualTo(true);
    assertThat(eval(col("amount").geq(12))).isEqualTo(true);
    assertThat(eval(col("amount").lt(12L))).isEqualTo(false);
    assertThat(eval(col("amount").leq(12.0))).isEqualTo(true);
    assertThat(eval(col("key").equalTo("apple"))).isEqualTo(true);
    assertThat(eval(col("key").notEqual("apple"))).isEqualTo(false);
    assertThat(eval(col("missing").equalTo(1))).isNull();
    assertThat(eval(col("missing").eqNullSafe(null))).isEqualTo(true);
    assertThat(eval(col("amount").between(10, 12))).isEqualTo(true);
    assertThat(eval(col("amount").between(col("price"), 11))).isEqualTo(false);
  }

  @Test
  void logicAndNulls() {
    assertThat(eval(col("flag").and(col("amount").gt(20)))).isEqualTo(false);
    assertThat(eval(col("flag").or(col("missing").gt(1)))).isEqualTo(true);
    assertThat(eval(col("flag").and(col("missing").gt(1)))).isNull();
    assertThat(eval(not(col("flag")))).isEqualTo(false);
    assertThat(eval(col("missing").isNull())).isEqualTo(true);
    assertThat(eval(col("key").isNotNull())).isEqualTo(true);
  }

  @Test
  void isin() {
    assertThat(eval(col("key").isin("pear", "apple"))).isEqualTo(true);
    assertThat(eval(col("amount").isin(1, 2L, 3.5))).isEqualTo(false);
    assertThat(eval(col("amount").isin(1, null))).isNull();
    assertThat(eval(col("amount").isin(col("amount")))).isEqualTo(true);
    assertThat(eval(col("amount").isInCollection(List.of(12, 13)))).isEqualTo(true);
    assertThatThrownBy(() -> col("amount").isin()).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void strings() {
    assertThat(eval(col("key").startsWith("app"))).isEqualTo(true);
    assertThat(eval(col("key").endsWith(lit("le")))).isEqualTo(true);
    assertThat(eval(col("key").contains("pl"))).isEqualTo(true);
    assertThat(eval(col("key").contains("x"))).isEqualTo(false);
    assertThat(eval(col("key").like("a_p%"))).isEqualTo(true);
    assertThat(eval(col("key").like("A%"))).isEqualTo(false);
  }

  @Test
  void casts() {
    assertThat(eval(col("amount").cast("string"))).isEqualTo("12");
    assertThat(eval(col("price").cast("bigint"))).isEqualTo(0L);
    assertThat(eval(col("text").cast(DataType.TIMESTAMP))).isEqualTo(ROW.get(5));
    assertThat(bind(col("amount").cast("double")).type()).isEqualTo(DataType.DOUBLE);
    assertThat(bind(col("amount").cast("varchar(3)")).type()).isEqualTo(DataType.STRING);
    assertThat(bind(col("amount").cast("decimal")).type()).isEqualTo(DataType.decimal(10, 0));
    assertThat(eval(col("amount").cast("decimal(5,1)"))).isEqualTo(new java.math.BigDecimal("12.0"));
    assertThat(bind(col("amount").cast("float")).type()).isEqualTo(DataType.FLOAT);
    assertThatThrownBy(() -> col("amount").cast("interval"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("Millrace has no INTERVAL type");
    assertThatThrownBy(() -> col("amount").cast("blob")).hasMessageContaining("unknown type 'blob'");
  }

  @Test
  void whenOtherwise() {
    Column size = when(col("amount").gt(100), "big").when(col("amount").gt(10), "medium").otherwise("small");
    assertThat(eval(size)).isEqualTo("medium");
    assertThat(size.toString())
        .isEqualTo("CASE WHEN (amount > 100) THEN 'big' WHEN (amount > 10) THEN 'medium' ELSE 'small' END");
    assertThat(eval(when(col("flag"), col("amount")).otherwise(col("price")))).isEqualTo(12.0);
    assertThat(eval(when(col("amount").lt(0), 1))).isNull();
  }

  @Test
  void whenAndOtherwiseOnlyContinueAWhen() {
    assertThatThrownBy(() -> col("amount").otherwise(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("otherwise() can only be applied on a Column previously generated by when()");
    Column done = when(col("flag"), 1).otherwise(2);
    assertThatThrownBy(() -> done.when(col("flag"), 3)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> done.otherwise(3)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void namesFollowSpark() {
    assertThat(col("amount").multiply(2).toString()).isEqualTo("(amount * 2)");
    assertThat(NamedExpressions.outputName(ApiExpressions.of(col("amount").multiply(2).node()))).isEqualTo("(amount * 2)");
    assertThat(col("amount").gt(10).and(col("key").isNotNull()).toString())
        .isEqualTo("((amount > 10) AND (key IS NOT NULL))");
    Column aliased = col("amount").multiply(2).as("doubled");
    assertThat(ApiExpressions.of(aliased.node())).isInstanceOf(Alias.class);
    assertThat(((Alias) ApiExpressions.of(aliased.node())).name()).isEqualTo("doubled");
    assertThat(NamedExpressions.outputName(ApiExpressions.of(col("key").alias("k").node()))).isEqualTo("k");
    assertThat(NamedExpressions.outputName(ApiExpressions.of(col("key").node()))).isEqualTo("key");
    assertThat(col("key").isin("a", "b").toString()).isEqualTo("(key IN ('a', 'b'))");
    assertThat(col("amount").between(1, 2).toString()).isEqualTo("(amount BETWEEN 1 AND 2)");
    assertThat(col("amount").cast("bigint").toString()).isEqualTo("CAST(amount AS LONG)");
    assertThat(col("amount").unaryMinus().toString()).isEqualTo("(- amount)");
  }

  @Test
  void columnsAreImmutable() {
    Column amount = col("amount");
    Column plus = amount.plus(1);
    assertThat(amount.toString()).isEqualTo("amount");
    assertThat(plus).isNotSameAs(amount);
    assertThat(eval(amount)).isEqualTo(12);
  }

  @Test
  void typeErrorsSurfaceWhenBound() {
    Column bad = col("key").gt(1);
    assertThatThrownBy(() -> bind(bad))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(key > 1)': cannot compare key (STRING) with 1 (INT)");
    assertThatThrownBy(() -> bind(col("nope").plus(1)))
        .hasMessage("cannot resolve column 'nope'; available columns: [key, amount, price, flag, missing, ts, text]");
  }

  /** The API prints a column itself; its text must be the engine's, which names the output columns. */
  @Test
  void theApiSpellsColumnsAsTheEngineDoes() {
    List<Column> columns = List.of(
        col("amount").plus(1L).minus(lit(2.5)).multiply(col("price")).divide(3).mod(2),
        col("amount").unaryMinus(), col("key").equalTo("it's").and(col("flag").or(not(col("flag")))),
        col("amount").notEqual(1).or(col("amount").eqNullSafe(null)), col("amount").geq(1).and(col("amount").lt(9)),
        col("amount").leq(2).and(col("amount").gt(0)), col("ts").equalTo(lit(java.time.Instant.ofEpochSecond(1))),
        col("missing").isNull(), col("key").isNotNull(), col("amount").between(1, col("missing")),
        col("key").isin("a", "b"), col("key").like("a%"), col("key").startsWith("a"), col("key").endsWith("b"),
        col("key").contains("c"), col("amount").cast("bigint"), col("amount").cast(DataType.STRING).as("s"),
        col("select"), col("a b"), lit(true), lit(new byte[] {1, 2}), lit(Double.NaN),
        when(col("flag"), 1).when(col("amount").gt(1), 2).otherwise(3), when(col("flag"), "x"),
        functions.upper(functions.concat(col("key"), lit("!"))), functions.round(col("price"), 2),
        functions.substring(col("key"), 1, 2), functions.coalesce(col("missing"), lit(0)),
        functions.to_timestamp(col("text"), "yyyy"), functions.date_format(col("ts"), "HH"),
        functions.dayofmonth(col("ts")), functions.unix_timestamp(), functions.timestamp_millis(col("amount")),
        functions.count("*"), functions.count(col("key")), functions.sum("amount"), functions.avg(col("price")));
    for (Column c : columns) {
      assertThat(c.toString()).as("the API's text of %s", c).isEqualTo(ApiExpressions.of(c.node()).toString());
    }
  }
}
