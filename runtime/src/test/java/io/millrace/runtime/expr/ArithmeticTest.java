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

class ArithmeticTest {

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
      "i + i, INT", "i + l, LONG", "l + i, LONG", "i + d, DOUBLE", "l * d, DOUBLE",
      "i - 1, INT", "i % 2, INT", "l % 2, LONG", "d % 2, DOUBLE",
      "i / 2, DOUBLE", "l / 2L, DOUBLE", "i + NULL, INT", "NULL * l, LONG",
  })
  void numbersWidenAlongIntLongDouble(String sql, DataType.Kind kind) {
    assertThat(bind(sql).type().kind()).isEqualTo(kind);
  }

  @Test
  void values() {
    assertThat(eval("i + l")).isEqualTo(17L);
    assertThat(eval("i - l")).isEqualTo(-3L);
    assertThat(eval("i * d")).isEqualTo(17.5);
    assertThat(eval("i / 2")).isEqualTo(3.5);
    assertThat(eval("l / 4")).isEqualTo(2.5);
    assertThat(eval("i % 3")).isEqualTo(1);
    assertThat(eval("-7 % 3")).isEqualTo(-1);
    assertThat(eval("d % 1")).isEqualTo(0.5);
  }

  @Test
  void integerOverflowWraps() {
    assertThat(eval("2147483647 + 1")).isEqualTo(Integer.MIN_VALUE);
    assertThat(eval("2147483647 * 2")).isEqualTo(-2);
    assertThat(eval("9223372036854775807 + 1")).isEqualTo(Long.MIN_VALUE);
    assertThat(eval("-(-2147483648)")).isEqualTo(Integer.MIN_VALUE);
  }

  @Test
  void divisionOrRemainderByZeroIsNull() {
    assertThat(eval("i / 0")).isNull();
    assertThat(eval("d / 0.0")).isNull();
    assertThat(eval("i % 0")).isNull();
    assertThat(eval("l % 0L")).isNull();
    assertThat(eval("d % 0")).isNull();
    assertThat(bind("i / 1").nullable()).isTrue();
  }

  @Test
  void nullOperandGivesNull() {
    assertThat(eval("n + 1")).isNull();
    assertThat(eval("1 + n")).isNull();
    assertThat(eval("NULL * 2")).isNull();
    assertThat(eval("-n")).isNull();
    assertThat(bind("i + 1").nullable()).isFalse();
    assertThat(bind("i + n").nullable()).isTrue();
  }

  @Test
  void unaryMinusKeepsTheType() {
    assertThat(eval("-i")).isEqualTo(-7);
    assertThat(eval("-l")).isEqualTo(-10L);
    assertThat(eval("-d")).isEqualTo(-2.5);
    assertThat(bind("-i").type()).isEqualTo(DataType.INT);
  }

  @Test
  void nonNumericOperandsFailAtBindTime() {
    assertThatThrownBy(() -> bind("i + s"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(i + s)': s is STRING but a numeric type (TINYINT, SMALLINT, INT, BIGINT, FLOAT, "
            + "DOUBLE, DECIMAL) is needed");
    assertThatThrownBy(() -> bind("-b"))
        .hasMessage("cannot resolve '(- b)': b is BOOLEAN but a numeric type (TINYINT, SMALLINT, INT, BIGINT, FLOAT, "
            + "DOUBLE, DECIMAL) is needed");
    assertThatThrownBy(() -> bind("ts - 1")).hasMessageContaining("ts is TIMESTAMP");
  }
}
