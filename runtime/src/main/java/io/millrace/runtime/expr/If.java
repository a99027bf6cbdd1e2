package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code if(condition, a, b)}: a when the condition is TRUE, else b (a NULL condition is not
 * TRUE), the other branch not evaluated. The branches share a type by
 * {@link TypeCoercion#commonType}, so {@code if(true, 1, 2.5)} is 1.0 of DECIMAL(11,1).
 * {@code nvl2(x, a, b)} is {@code if(x IS NOT NULL, a, b)}, as Spark defines it.
 */
public final class If extends FunctionCall {
  private final Expression condition;
  private final Expression then;
  private final Expression otherwise;

  private If(String name, List<Expression> args, Expression condition, Expression then, Expression otherwise) {
    super(name, args);
    this.condition = condition;
    this.then = then;
    this.otherwise = otherwise;
  }

  /** {@code if(condition, then, otherwise)}. */
  public static If of(Expression condition, Expression then, Expression otherwise) {
    return new If("if", List.of(condition, then, otherwise), condition, then, otherwise);
  }

  /** {@code nvl2(x, then, otherwise)}: {@code then} when x is not NULL. */
  public static If nvl2(Expression x, Expression then, Expression otherwise) {
    return new If("nvl2", List.of(x, then, otherwise), new NullCheck(x, true), then, otherwise);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression cond = condition.bind(input);
    TypeCoercion.requireBoolean(cond, condition, this);
    List<Expression> branches = List.of(then, otherwise);
    List<BoundExpression> bound = new ArrayList<>(2);
    branches.forEach(b -> bound.add(b.bind(input)));
    DataType common = TypeCoercion.commonType(bound, branches, this);
    DataType type = common == null ? DataType.STRING : common;
    return new Bound(type, cond, Cast.coerce(bound.get(0), type), Cast.coerce(bound.get(1), type));
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression condition;
    private final BoundExpression then;
    private final BoundExpression otherwise;

    Bound(DataType type, BoundExpression condition, BoundExpression then, BoundExpression otherwise) {
      super(type, then.nullable() || otherwise.nullable());
      this.condition = condition;
      this.then = then;
      this.otherwise = otherwise;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return Boolean.TRUE.equals(condition.eval(row, context)) ? then.eval(row, context) : otherwise.eval(row, context);
    }
  }
}
