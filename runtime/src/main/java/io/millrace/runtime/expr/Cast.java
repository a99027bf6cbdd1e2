package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * {@code CAST(child AS type)}. The supported pairs and their semantics are those of
 * {@link CastConversions}; an unsupported pair fails at bind time, and so does a type Millrace
 * lacks ({@link CastTarget}).
 */
public final class Cast extends Expression {
  private final Expression child;
  private final DataType target;

  public Cast(Expression child, DataType target) {
    this.child = child;
    this.target = target;
  }

  /** The expression cast. */
  public Expression child() {
    return child;
  }

  public DataType target() {
    return target;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression bound = child.bind(input);
    boolean castable = TypeCoercion.isUntypedNull(bound) || bound.type().equals(target)
        || CastConversions.find(bound.type(), target) != null;
    if (!castable) {
      throw new AnalysisException("cannot resolve '" + this + "': cannot cast " + bound.type() + " to " + target);
    }
    return coerce(bound, target);
  }

  /**
   * {@code bound} converted to {@code target}: itself when it already has that type, a typed
   * NULL for the untyped NULL. The caller has checked that the cast is supported.
   */
  static BoundExpression coerce(BoundExpression bound, DataType target) {
    if (TypeCoercion.isUntypedNull(bound)) {
      return Literal.bound(null, target);
    }
    if (bound.type().equals(target)) {
      return bound;
    }
    CastConversions.Conversion conversion = CastConversions.find(bound.type(), target);
    if (Literal.isConstant(bound) && bound.type().kind() != DataType.Kind.STRING && conversion != null) {
      // A constant converts once, here, not per row: `amount > 250.0` compares DOUBLEs with the
      // decimal literal already a double. Text is left to run time, where a time alone takes
      // the batch's date.
      Object value = Literal.constantValue(bound);
      return Literal.bound(value == null ? null : conversion.apply(value, null), target);
    }
    return new Bound(bound, target, conversion);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return "CAST(" + child + " AS " + target + ")";
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression child;
    private final CastConversions.Conversion conversion;

    Bound(BoundExpression child, DataType target, CastConversions.Conversion conversion) {
      super(target, child.nullable() || CastConversions.mayReturnNull(child.type(), target));
      this.child = child;
      this.conversion = conversion;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object value = child.eval(row, context);
      return value == null ? null : conversion.apply(value, context);
    }
  }
}
