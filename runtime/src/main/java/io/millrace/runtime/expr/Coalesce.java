package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * {@code coalesce(a, b, ...)}: the first argument that is not NULL. The arguments share a type
 * by {@link TypeCoercion#commonType}; later arguments are not evaluated once one is non-NULL.
 */
public final class Coalesce extends Expression {
  private final List<Expression> children;

  public Coalesce(List<Expression> children) {
    this.children = List.copyOf(children);
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (children.isEmpty()) {
      throw TypeCoercion.error(this, "coalesce needs at least one argument");
    }
    List<BoundExpression> bound = new ArrayList<>(children.size());
    children.forEach(c -> bound.add(c.bind(input)));
    DataType common = TypeCoercion.commonType(bound, children, this);
    DataType type = common == null ? DataType.STRING : common;
    List<BoundExpression> coerced = new ArrayList<>(bound.size());
    bound.forEach(b -> coerced.add(Cast.coerce(b, type)));
    return new Bound(type, coerced);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    StringJoiner args = new StringJoiner(", ", "coalesce(", ")");
    children.forEach(c -> args.add(c.toString()));
    return args.toString();
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression[] children;

    Bound(DataType type, List<BoundExpression> children) {
      super(type, children.stream().allMatch(BoundExpression::nullable));
      this.children = children.toArray(new BoundExpression[0]);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      for (BoundExpression child : children) {
        Object v = child.eval(row, context);
        if (v != null) {
          return v;
        }
      }
      return null;
    }
  }
}
