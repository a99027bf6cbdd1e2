package io.millrace.runtime.expr;

import io.millrace.runtime.expr.SimpleFunction.Arg;
import io.millrace.runtime.expr.SimpleFunction.Signature;
import io.millrace.spi.data.DataType;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * Spark's math functions of DOUBLEs ({@code sqrt}, {@code exp}, {@code ln}, {@code log},
 * {@code pow}, {@code sign}, ...) as {@link SimpleFunction} signatures: arguments read as
 * DOUBLE (any number; text as a cast reads it, NULL when it is no number), a DOUBLE result, NULL
 * for a NULL argument. Callers pass {@link StrictMath}'s functions, which Spark uses both
 * interpreted and in generated code, so {@code exp(1)} is 2.7182818284590455 on every JVM.
 */
final class DoubleFunctions {

  private DoubleFunctions() {
  }

  /** {@code name(x)}: {@code f} of x. */
  static Signature of(String name, DoubleUnaryOperator f) {
    return Signature.of(name, DataType.DOUBLE, a -> f.applyAsDouble((Double) a[0]), Arg.DOUBLE);
  }

  /** {@code name(x, y)}: {@code f} of x and y. */
  static Signature of(String name, DoubleBinaryOperator f) {
    return Signature.of(name, DataType.DOUBLE, a -> f.applyAsDouble((Double) a[0], (Double) a[1]), Arg.DOUBLE,
        Arg.DOUBLE);
  }

  /** A logarithm {@code f}: NULL for zero or a negative number (Spark's non-ANSI result), where Java gives -Infinity or NaN. */
  static Signature logarithm(String name, DoubleUnaryOperator f) {
    return Signature.of(name, DataType.DOUBLE, a -> {
      double x = (Double) a[0];
      return x <= 0 ? null : f.applyAsDouble(x);
    }, Arg.DOUBLE);
  }

  /** {@code name(base, x)}: the logarithm of x to base, NULL when either is zero or negative. */
  static Signature logarithmToBase(String name) {
    return Signature.of(name, DataType.DOUBLE, a -> {
      double base = (Double) a[0];
      double x = (Double) a[1];
      return base <= 0 || x <= 0 ? null : StrictMath.log(x) / StrictMath.log(base);
    }, Arg.DOUBLE, Arg.DOUBLE);
  }

  /** The logarithm to base 2, computed as Spark computes it (ln x / ln 2). */
  static double log2(double x) {
    return StrictMath.log(x) / StrictMath.log(2);
  }
}
