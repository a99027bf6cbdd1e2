package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ComparisonTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "i = 7, true", "i = 7L, true", "i = 7.0, true", "i != 7, false", "i <> 8, true",
      "i < l, true", "l <= 10, true", "d > i, false", "d >= 2.5, true", "l > 9.99, true",
      "2147483648 > i, true",
      "s = 'Hello', true", "s < 'Help', true", "s > 'HELLO', true", "'a' < 'ab', true",
      "'\uFFFF' < '\uD83D\uDE00', true",
      "b = TRUE, true", "FALSE < TRUE, true",
      "ts = TIMESTAMP '2026-09-14T23:59:57.067Z', true", "ts > TIMESTAMP '2026-09-14T00:00:00Z', true",
      "ts > '2026-09-14', true", "'2026-09-15T00:00:00Z' > ts, true", "ts = '2026-09-14 23:59:57.067', true",
      "bin = X'0102', true", "bin < X'0103', true", "X'7F' < X'80', true",
      "CAST('NaN' AS DOUBLE) = CAST('NaN' AS DOUBLE), true", "CAST('NaN' AS DOUBLE) > 1.0E300, true",
      "0.0 = -0.0, true",
  })
  void compares(String sql, boolean expected) {
    assertThat(eval(sql)).isEqualTo(expected);
  }

  @Test
  void nullOperandGivesNull() {
    assertThat(eval("n = 1")).isNull();
    assertThat(eval("1 < n")).isNull();
    assertThat(eval("NULL = NULL")).isNull();
    assertThat(eval("s = NULL")).isNull();
    assertThat(eval("ts > 'not a time'")).isNull();
    assertThat(bind("n = 1").type()).isEqualTo(DataType.BOOLEAN);
    assertThat(bind("n = 1").nullable()).isTrue();
    assertThat(bind("i = 1").nullable()).isFalse();
  }

  @Test
  void nullSafeEqualityIsNeverNull() {
    assertThat(eval("n <=> NULL")).isEqualTo(true);
    assertThat(eval("n <=> 1")).isEqualTo(false);
    assertThat(eval("1 <=> n")).isEqualTo(false);
    assertThat(eval("i <=> 7L")).isEqualTo(true);
    assertThat(bind("n <=> 1").nullable()).isFalse();
  }

  @Test
  void incompatibleTypesNameTheExpressionAndBothTypes() {
    assertThatThrownBy(() -> bind("i > s"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(i > s)': cannot compare i (INT) with s (STRING)");
    assertThatThrownBy(() -> bind("b = 1"))
        .hasMessage("cannot resolve '(b = 1)': cannot compare b (BOOLEAN) with 1 (INT)");
    assertThatThrownBy(() -> bind("ts < l"))
        .hasMessage("cannot resolve '(ts < l)': cannot compare ts (TIMESTAMP) with l (LONG)");
    assertThatThrownBy(() -> bind("bin = s")).hasMessageContaining("BINARY").hasMessageContaining("STRING");
  }
}
