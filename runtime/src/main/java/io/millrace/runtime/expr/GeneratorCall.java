package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Optional;

/**
 * A function that makes any number of rows of one row, such as {@code explode}: a generator.
 * As in Spark it may stand only as a whole column of a {@code select} (alone or under an alias),
 * where the analyzer makes it an operator of its own; bound anywhere else, as an ordinary
 * expression, it is refused.
 */
public abstract class GeneratorCall extends FunctionCall {

  GeneratorCall(String name, List<Expression> args) {
    super(name, args);
  }

  /** The generator resolved against {@code input}: its output columns and how it makes their values. */
  public abstract Bound bindGenerator(Schema input);

  /** A generator resolved against an input schema. */
  public interface Bound {
    /** The columns each generated row adds, with the names Spark gives them when there is no alias. */
    List<Field> fields();

    /** Gives {@code out} the values of every row made of {@code row}, in order, one array each. */
    void generate(Row row, EvalContext context, Output out);
  }

  /** Where a generator's rows go. */
  @FunctionalInterface
  public interface Output {
    /** One generated row's values, as many as {@link Bound#fields()}; the array is the receiver's. */
    void add(Object[] values);
  }

  /**
   * The filter Spark infers under this generator, if it infers one: for explode and inline (not
   * their {@code _outer} forms), that the collection has an element. A row it drops makes no row
   * anyway; the filter matters to the watermark, which such a row does not advance in Spark.
   */
  public Optional<Expression> inferredFilter() {
    return Optional.empty();
  }

  /** {@code size(collection) > 0}: neither null (size -1) nor empty. */
  static Expression hasElements(Expression collection) {
    return new Comparison(Comparison.Op.GT, FunctionRegistry.call("size", List.of(collection)),
        Literal.of(0, DataType.INT));
  }

  @Override
  public final BoundExpression bind(Schema input) {
    throw new AnalysisException("the generator " + this + " is not supported nested in an expression or outside "
        + "select: use it as a whole column of select or withColumn (optionally with .as(..)), as in Spark");
  }

  /** The error for a generator's argument of the wrong type, as Spark words it. */
  AnalysisException wrongArgument(String needs, Expression argument, BoundExpression bound) {
    return new AnalysisException("cannot resolve " + this + ": its argument needs " + needs + " but '" + argument
        + "' is " + bound.type());
  }
}
