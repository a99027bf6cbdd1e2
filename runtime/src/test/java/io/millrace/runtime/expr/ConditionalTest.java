package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionalTest {

  @Test
  void caseTakesTheFirstTrueBranch() {
    assertThat(eval("CASE WHEN i > 5 THEN 'big' WHEN i > 1 THEN 'medium' ELSE 'small' END")).isEqualTo("big");
    assertThat(eval("CASE WHEN i > 9 THEN 'big' WHEN i > 1 THEN 'medium' ELSE 'small' END")).isEqualTo("medium");
    assertThat(eval("CASE WHEN i > 9 THEN 'big' ELSE 'small' END")).isEqualTo("small");
  }

  @Test
  void caseWithoutElseGivesNull() {
    assertThat(eval("CASE WHEN i > 9 THEN 1 END")).isNull();
    assertThat(bind("CASE WHEN i > 9 THEN 1 END").nullable()).isTrue();
  }

  @Test
  void aNullConditionDoesNotMatch() {
    assertThat(eval("CASE WHEN nb THEN 1 WHEN n > 0 THEN 2 ELSE 3 END")).isEqualTo(3);
  }

  @Test
  void simpleCaseComparesTheOperand() {
    assertThat(eval("CASE i WHEN 1 THEN 'one' WHEN 7 THEN 'seven' END")).isEqualTo("seven");
    assertThat(eval("CASE n WHEN 1 THEN 'one' ELSE 'other' END")).isEqualTo("other");
  }

  @Test
  void branchValuesWidenToACommonType() {
    BoundExpression bound = bind("CASE WHEN b THEN i ELSE d END");
    assertThat(bound.type()).isEqualTo(DataType.DOUBLE);
    assertThat(bound.eval(ExprFixture.ROW, ExprFixture.CONTEXT)).isEqualTo(7.0);
    assertThat(bind("CASE WHEN b THEN i ELSE 1L END").eval(ExprFixture.ROW, ExprFixture.CONTEXT)).isEqualTo(7L);
    assertThat(bind("CASE WHEN b THEN NULL ELSE i END").type()).isEqualTo(DataType.INT);
    assertThat(bind("CASE WHEN b THEN 1 END").nullable()).isTrue();
    assertThat(bind("CASE WHEN b THEN 1 ELSE 2 END").nullable()).isFalse();
  }

  @Test
  void caseRejectsMixedTypesAndNonBooleanConditions() {
    assertThatThrownBy(() -> bind("CASE WHEN b THEN 1 ELSE 'x' END"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'CASE WHEN b THEN 1 ELSE 'x' END': its values must share a type, "
            + "but 1 is INT and 'x' is STRING");
    assertThatThrownBy(() -> bind("CASE WHEN i THEN 1 END"))
        .hasMessage("cannot resolve 'CASE WHEN i THEN 1 END': i is INT but BOOLEAN is needed");
  }

  @Test
  void caseEvaluatesOnlyTheChosenValue() {
    Schema schema = Schema.parse("x INT");
    BoundExpression safe = ExpressionParser.parseExpression("CASE WHEN x = 0 THEN 0 ELSE 10 % x END").bind(schema);
    assertThat(safe.eval(Row.of(0), ExprFixture.CONTEXT)).isEqualTo(0);
    assertThat(safe.eval(Row.of(3), ExprFixture.CONTEXT)).isEqualTo(1);
  }

  @Test
  void whenBuildsImmutably() {
    CaseWhen one = CaseWhen.of(new ColumnRef("b"), Literal.from(1));
    CaseWhen two = one.withBranch(new ColumnRef("nb"), Literal.from(2));
    CaseWhen done = two.withElse(Literal.from(3));
    assertThat(one.toString()).isEqualTo("CASE WHEN b THEN 1 END");
    assertThat(done.toString()).isEqualTo("CASE WHEN b THEN 1 WHEN nb THEN 2 ELSE 3 END");
    assertThat(done.hasElse()).isTrue();
    assertThatThrownBy(() -> done.withElse(Literal.from(4))).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> done.withBranch(new ColumnRef("b"), Literal.from(4)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void coalesceTakesTheFirstNonNull() {
    assertThat(eval("coalesce(n, i)")).isEqualTo(7);
    assertThat(eval("coalesce(n, NULL, 3)")).isEqualTo(3);
    assertThat(eval("coalesce(ns, s, 'x')")).isEqualTo("Hello");
    assertThat(eval("coalesce(n, NULL)")).isNull();
    assertThat(eval("coalesce(n, l)")).isEqualTo(10L);
    assertThat(bind("coalesce(n, l)").type()).isEqualTo(DataType.LONG);
    assertThat(bind("coalesce(n, i)").nullable()).isFalse();
    assertThat(bind("coalesce(ns, NULL)").type()).isEqualTo(DataType.STRING);
  }

  @Test
  void coalesceStopsAtTheFirstNonNull() {
    Schema schema = Schema.parse("x INT");
    BoundExpression bound = ExpressionParser.parseExpression("coalesce(x, 1 / 0)").bind(schema);
    assertThat(bound.eval(Row.of(5), ExprFixture.CONTEXT)).isEqualTo(5.0);
  }

  @Test
  void coalesceRejectsMixedTypesAndNoArguments() {
    assertThatThrownBy(() -> bind("coalesce(s, i)"))
        .hasMessage("cannot resolve 'coalesce(s, i)': its values must share a type, but s is STRING and i is INT");
    assertThatThrownBy(() -> new Coalesce(List.of()).bind(ExprFixture.SCHEMA))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'coalesce()': coalesce needs at least one argument");
  }
}
