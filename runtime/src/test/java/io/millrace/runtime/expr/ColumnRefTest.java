package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ColumnRefTest {
  private static final Schema SCHEMA = Schema.parse("a INT NOT NULL, b STRING, c DOUBLE");
  private static final Row ROW = Row.of(1, "x", 2.5);

  @Test
  void resolvesByExactNameToPositionTypeAndNullability() {
    BoundExpression b = new ColumnRef("b").bind(SCHEMA);
    assertThat(b.type()).isEqualTo(DataType.STRING);
    assertThat(b.nullable()).isTrue();
    assertThat(b.eval(ROW, ExprFixture.CONTEXT)).isEqualTo("x");
    assertThat(new ColumnRef("a").bind(SCHEMA).nullable()).isFalse();
  }

  @Test
  void fallsBackToAUniqueCaseInsensitiveMatch() {
    assertThat(new ColumnRef("C").bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT)).isEqualTo(2.5);
  }

  @Test
  void anExactMatchWinsOverOthersThatDifferInCase() {
    Schema schema = Schema.parse("key STRING, KEY STRING");
    Row row = Row.of("lower", "upper");
    assertThat(new ColumnRef("KEY").bind(schema).eval(row, ExprFixture.CONTEXT)).isEqualTo("upper");
    assertThatThrownBy(() -> new ColumnRef("Key").bind(schema))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("column 'Key' is ambiguous: it matches [key, KEY] ignoring case; available columns: [key, KEY]");
  }

  @Test
  void anUnknownNameListsTheAvailableColumns() {
    assertThatThrownBy(() -> new ColumnRef("foo").bind(SCHEMA))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve column 'foo'; available columns: [a, b, c]");
    assertThatThrownBy(() -> ExpressionParser.parseExpression("a + foo * 2").bind(SCHEMA))
        .hasMessage("cannot resolve column 'foo'; available columns: [a, b, c]");
  }

  @Test
  void namesAndText() {
    assertThat(new ColumnRef("a").defaultName()).isEqualTo("a");
    assertThat(new ColumnRef("weird name").defaultName()).isEqualTo("weird name");
    assertThat(new ColumnRef("weird name").toString()).isEqualTo("`weird name`");
    assertThat(new ColumnRef("select").toString()).isEqualTo("select");
    assertThat(new ColumnRef("end").toString()).isEqualTo("`end`");
    assertThat(new ColumnRef("1a").toString()).isEqualTo("`1a`");
  }

  @Test
  void aliasNamesWithoutChangingTheValue() {
    Alias alias = new Alias(new Arithmetic(Arithmetic.Op.MULTIPLY, new ColumnRef("a"), Literal.from(2)), "doubled");
    assertThat(alias.name()).isEqualTo("doubled");
    assertThat(alias.defaultName()).isEqualTo("doubled");
    assertThat(NamedExpressions.outputName(alias)).isEqualTo("doubled");
    assertThat(alias.toString()).isEqualTo("(a * 2) AS doubled");
    assertThat(alias.bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT)).isEqualTo(2);
    assertThat(NamedExpressions.outputName(alias.child())).isEqualTo("(a * 2)");
    assertThat(NamedExpressions.outputName(new ColumnRef("b"))).isEqualTo("b");
  }

  @Test
  void literalsOfEveryType() {
    assertThat(Literal.from(1).bind(SCHEMA).type()).isEqualTo(DataType.INT);
    // Spark's lit: each Java class its own type.
    assertThat(Literal.from((short) 1).bind(SCHEMA).type()).isEqualTo(DataType.SHORT);
    assertThat(Literal.from((byte) 1).bind(SCHEMA).type()).isEqualTo(DataType.BYTE);
    assertThat(Literal.from(1L).bind(SCHEMA).type()).isEqualTo(DataType.LONG);
    assertThat(Literal.from(1.5f).bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT)).isEqualTo(1.5f);
    assertThat(Literal.from(new java.math.BigDecimal("1.50")).bind(SCHEMA).type()).isEqualTo(DataType.decimal(3, 2));
    assertThat(Literal.from(java.time.LocalDate.of(1970, 1, 2)).bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT))
        .isEqualTo(1);
    assertThat(Literal.from(java.time.LocalDateTime.of(1970, 1, 1, 0, 0, 1)).bind(SCHEMA).type())
        .isEqualTo(DataType.TIMESTAMP_NTZ);
    assertThat(Literal.from("x").bind(SCHEMA).type()).isEqualTo(DataType.STRING);
    assertThat(Literal.from(true).bind(SCHEMA).type()).isEqualTo(DataType.BOOLEAN);
    assertThat(Literal.from(new byte[] {1}).bind(SCHEMA).type()).isEqualTo(DataType.BINARY);
    assertThat(Literal.from(Instant.parse("1970-01-01T00:00:01.000002Z")).bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT))
        .isEqualTo(1_000_002L);
    assertThat(Literal.from(null).isUntypedNull()).isTrue();
    assertThat(Literal.from(null).bind(SCHEMA).eval(ROW, ExprFixture.CONTEXT)).isNull();
    assertThatThrownBy(() -> Literal.from(new Object())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot make a literal of java.lang.Object");
    assertThatThrownBy(() -> Literal.of("x", DataType.INT)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void literalText() {
    assertThat(Literal.from("it's").toString()).isEqualTo("'it''s'");
    assertThat(Literal.from(5L).toString()).isEqualTo("5L");
    assertThat(Literal.from(-5).toString()).isEqualTo("-5");
    assertThat(Literal.from(true).toString()).isEqualTo("TRUE");
    assertThat(Literal.from(null).toString()).isEqualTo("NULL");
    assertThat(Literal.of(null, DataType.INT).toString()).isEqualTo("CAST(NULL AS INT)");
    assertThat(Literal.from(Double.NaN).toString()).isEqualTo("CAST('NaN' AS DOUBLE)");
    assertThat(Literal.from(new byte[] {10, -1}).toString()).isEqualTo("X'0AFF'");
    assertThat(Literal.from(Instant.parse("2026-09-14T23:59:57.067Z")).toString())
        .isEqualTo("TIMESTAMP '2026-09-14 23:59:57.067'");
  }

  @Test
  void boundExpressionsCanBeSharedAcrossRows() {
    BoundExpression plus = ExpressionParser.parseExpression("a + 1").bind(SCHEMA);
    assertThat(plus.eval(Row.of(1, null, null), ExprFixture.CONTEXT)).isEqualTo(2);
    assertThat(plus.eval(Row.of(41, null, null), ExprFixture.CONTEXT)).isEqualTo(42);
  }
}
