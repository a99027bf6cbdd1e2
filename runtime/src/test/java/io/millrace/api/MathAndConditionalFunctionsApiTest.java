package io.millrace.api;

import static io.millrace.api.ColumnTest.bind;
import static io.millrace.api.ColumnTest.eval;
import static io.millrace.api.functions.bround;
import static io.millrace.api.functions.cbrt;
import static io.millrace.api.functions.ceil;
import static io.millrace.api.functions.ceiling;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.exp;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.floor;
import static io.millrace.api.functions.greatest;
import static io.millrace.api.functions.ifnull;
import static io.millrace.api.functions.isnan;
import static io.millrace.api.functions.least;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.ln;
import static io.millrace.api.functions.log;
import static io.millrace.api.functions.log10;
import static io.millrace.api.functions.log2;
import static io.millrace.api.functions.nullif;
import static io.millrace.api.functions.nvl;
import static io.millrace.api.functions.nvl2;
import static io.millrace.api.functions.pmod;
import static io.millrace.api.functions.pow;
import static io.millrace.api.functions.power;
import static io.millrace.api.functions.sign;
import static io.millrace.api.functions.signum;
import static io.millrace.api.functions.sqrt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.DataType;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The math and conditional functions of {@code io.millrace.api.functions} resolve to the SQL
 * functions of their names (amount=12, price=0.5, key='apple', missing NULL; see {@link ColumnTest}).
 */
class MathAndConditionalFunctionsApiTest {

  @Test
  void math() {
    assertThat(eval(sqrt(col("amount").plus(4)))).isEqualTo(4.0);
    assertThat(eval(cbrt(lit(-27)))).isEqualTo(-3.0);
    assertThat(eval(exp(lit(0)))).isEqualTo(1.0);
    assertThat(eval(pow(col("price"), 2))).isEqualTo(0.25);
    assertThat(eval(pow(2, col("amount")))).isEqualTo(4096.0);
    assertThat(eval(power(lit(2), lit(3)))).isEqualTo(8.0);
    assertThat(eval(ln(lit(1)))).isEqualTo(0.0);
    assertThat(eval(log(col("missing")))).isNull();
    assertThat(eval(log(2, lit(8)))).isEqualTo(3.0);
    assertThat(eval(log10(lit(1000)))).isEqualTo(3.0);
    assertThat(eval(log2(col("price")))).isEqualTo(-1.0);
    assertThat(eval(sign(col("price").unaryMinus()))).isEqualTo(-1.0);
    assertThat(eval(signum(lit(0)))).isEqualTo(0.0);
    assertThat(eval(isnan(col("missing")))).isEqualTo(false);
    assertThat(eval(bround(lit(new BigDecimal("2.5"))))).isEqualTo(new BigDecimal("2"));
    assertThat(eval(bround(col("amount").plus(3), -1))).isEqualTo(20);
    assertThat(eval(pmod(col("amount").unaryMinus(), lit(5)))).isEqualTo(3);
    assertThat(eval(floor(col("price"), lit(0)))).isEqualTo(new BigDecimal("0"));
    assertThat(eval(ceil(col("price"), lit(0)))).isEqualTo(new BigDecimal("1"));
    assertThat(bind(ceiling(col("amount"), lit(-1))).type()).isEqualTo(DataType.decimal(11, 0));
    assertThat(eval(ceiling(col("price")))).isEqualTo(1L);
    assertThatThrownBy(() -> eval(floor(col("price"), col("amount")))).isInstanceOf(AnalysisException.class)
        .hasMessage("floor needs its scale as an integer literal but got amount");
  }

  @Test
  void conditionals() {
    assertThat(eval(nvl(col("missing"), col("amount")))).isEqualTo(12);
    assertThat(eval(ifnull(col("missing"), lit(2.5)))).isEqualTo(2.5);
    assertThat(eval(nvl2(col("key"), lit("set"), lit("unset")))).isEqualTo("set");
    assertThat(eval(nullif(col("amount"), lit(12)))).isNull();
    assertThat(eval(greatest(col("amount"), col("missing"), col("price")))).isEqualTo(12.0);
    assertThat(eval(least(col("amount"), col("missing"), col("price")))).isEqualTo(0.5);
    assertThatThrownBy(() -> eval(greatest(col("amount")))).isInstanceOf(AnalysisException.class)
        .hasMessage("greatest takes at least 2 arguments but got 1");
  }

  @Test
  void sqlNamesMatchTheParser() {
    assertThat(pmod(col("amount"), lit(3)).toString()).isEqualTo("pmod(amount, 3)");
    assertThat(expr(greatest(col("amount"), lit(1)).toString()).toString()).isEqualTo("greatest(amount, 1)");
    assertThat(eval(expr(log(2, col("amount")).toString()))).isEqualTo(eval(log(2, col("amount"))));
    assertThat(eval(expr("amount DIV 5"))).isEqualTo(2L);
    assertThat(eval(expr("amount IS DISTINCT FROM missing"))).isEqualTo(true);
  }
}
