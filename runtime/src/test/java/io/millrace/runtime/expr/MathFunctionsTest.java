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

class MathFunctionsTest {

  @Test
  void absKeepsTheType() {
    assertThat(eval("abs(-7)")).isEqualTo(7);
    assertThat(eval("abs(-10L)")).isEqualTo(10L);
    assertThat(eval("abs(-2.5D)")).isEqualTo(2.5);
    assertThat(eval("abs(-2.5)")).isEqualTo(new java.math.BigDecimal("2.5"));
    assertThat(eval("abs(i)")).isEqualTo(7);
    assertThat(eval("abs(-2147483648)")).isEqualTo(Integer.MIN_VALUE);
    assertThat(eval("abs(n)")).isNull();
    assertThat(bind("abs(l)").type()).isEqualTo(DataType.LONG);
  }

  @Test
  void floorAndCeilGiveLong() {
    assertThat(eval("floor(d)")).isEqualTo(2L);
    assertThat(eval("ceil(d)")).isEqualTo(3L);
    assertThat(eval("floor(-2.5D)")).isEqualTo(-3L);
    assertThat(eval("ceiling(-2.5D)")).isEqualTo(-2L);
    // A decimal literal stays a decimal, as in Spark: floor(-2.5) is -3 of DECIMAL(2,0).
    assertThat(eval("floor(-2.5)")).isEqualTo(new java.math.BigDecimal("-3"));
    assertThat(eval("ceiling(-2.5)")).isEqualTo(new java.math.BigDecimal("-2"));
    assertThat(bind("floor(-2.5)").type()).isEqualTo(DataType.decimal(2, 0));
    assertThat(eval("floor(i)")).isEqualTo(7L);
    assertThat(eval("ceil(l)")).isEqualTo(10L);
    assertThat(eval("ceil(n)")).isNull();
    assertThat(bind("floor(i)").type()).isEqualTo(DataType.LONG);
  }

  @ParameterizedTest(name = "round({0}, {1})")
  @CsvSource({
      "2.5, 0, 3.0", "-2.5, 0, -3.0", "2.675, 2, 2.68", "1.2345, 3, 1.235", "1234.5, -2, 1200.0",
      "0.125, 2, 0.13", "-0.125, 2, -0.13",
  })
  void roundDoublesHalfUp(String value, int scale, double expected) {
    assertThat(eval("round(" + value + "D, " + scale + ")")).isEqualTo(expected);
  }

  @Test
  void roundIntegers() {
    assertThat(eval("round(125, -1)")).isEqualTo(130);
    assertThat(eval("round(-125, -1)")).isEqualTo(-130);
    assertThat(eval("round(124L, -1)")).isEqualTo(120L);
    assertThat(eval("round(i, 2)")).isEqualTo(7);
    assertThat(eval("round(d)")).isEqualTo(3.0);
    assertThat(eval("round(n, 1)")).isNull();
    assertThat((Double) eval("round(CAST('NaN' AS DOUBLE), 1)")).isNaN();
    assertThat(bind("round(i, -1)").type()).isEqualTo(DataType.INT);
  }

  @Test
  void mathNeedsNumbers() {
    assertThatThrownBy(() -> bind("abs(s)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'abs(s)': s is STRING but a numeric type (TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, "
            + "DECIMAL) is needed");
    assertThatThrownBy(() -> bind("round(b, 1)")).hasMessageContaining("'round(b, 1)'");
  }
}
