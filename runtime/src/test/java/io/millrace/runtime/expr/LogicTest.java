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

class LogicTest {

  /** SQL's three-valued truth tables; an empty cell is NULL. */
  @ParameterizedTest(name = "{0} AND/OR {1}")
  @CsvSource(nullValues = "NULL", value = {
      // a,    b,     a AND b, a OR b
      "TRUE,  TRUE,  true,  true",
      "TRUE,  FALSE, false, true",
      "TRUE,  NULL,  NULL,  true",
      "FALSE, TRUE,  false, true",
      "FALSE, FALSE, false, false",
      "FALSE, NULL,  false, NULL",
      "NULL,  TRUE,  NULL,  true",
      "NULL,  FALSE, false, NULL",
      "NULL,  NULL,  NULL,  NULL",
  })
  void andOrTruthTables(String a, String b, Boolean and, Boolean or) {
    String left = operand(a);
    String right = operand(b);
    assertThat(eval(left + " AND " + right)).isEqualTo(and);
    assertThat(eval(left + " OR " + right)).isEqualTo(or);
  }

  /** A NULL from a column, so the value is not known at bind time. */
  private static String operand(String literal) {
    return literal == null ? "nb" : literal;
  }

  @Test
  void notTruthTable() {
    assertThat(eval("NOT TRUE")).isEqualTo(false);
    assertThat(eval("NOT FALSE")).isEqualTo(true);
    assertThat(eval("NOT nb")).isNull();
    assertThat(eval("NOT NULL")).isNull();
  }

  @Test
  void theDecidingLeftOperandSkipsTheRightOne() {
    Schema schema = Schema.parse("x BOOLEAN");
    Expression boom = new Expression() {
      @Override
      public BoundExpression bind(Schema input) {
        return new BoundNode(DataType.BOOLEAN, true) {
          @Override
          public Object eval(Row row, EvalContext context) {
            throw new AssertionError("evaluated the right operand");
          }
        };
      }

      @Override
      public String defaultName() {
        return "boom";
      }

      @Override
      public String toString() {
        return "boom";
      }
    };
    Expression x = new ColumnRef("x");
    BoundExpression and = new Logical(Logical.Op.AND, x, boom).bind(schema);
    BoundExpression or = new Logical(Logical.Op.OR, x, boom).bind(schema);
    assertThat(and.eval(Row.of(false), ExprFixture.CONTEXT)).isEqualTo(false);
    assertThat(or.eval(Row.of(true), ExprFixture.CONTEXT)).isEqualTo(true);
  }

  @Test
  void isNullAndIsNotNull() {
    assertThat(eval("n IS NULL")).isEqualTo(true);
    assertThat(eval("i IS NULL")).isEqualTo(false);
    assertThat(eval("n IS NOT NULL")).isEqualTo(false);
    assertThat(eval("s IS NOT NULL")).isEqualTo(true);
    assertThat(eval("NULL IS NULL")).isEqualTo(true);
    assertThat(eval("(n + 1) IS NULL")).isEqualTo(true);
    assertThat(eval("isnull(ns) AND isnotnull(s)")).isEqualTo(true);
    assertThat(bind("n IS NULL").nullable()).isFalse();
  }

  @Test
  void operandsMustBeBoolean() {
    assertThatThrownBy(() -> bind("i AND b"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(i AND b)': i is INT but BOOLEAN is needed");
    assertThatThrownBy(() -> bind("b OR 'x'"))
        .hasMessage("cannot resolve '(b OR 'x')': 'x' is STRING but BOOLEAN is needed");
    assertThatThrownBy(() -> bind("NOT s")).hasMessage("cannot resolve '(NOT s)': s is STRING but BOOLEAN is needed");
  }
}
