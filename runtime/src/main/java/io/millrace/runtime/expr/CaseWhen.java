package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code CASE WHEN c1 THEN v1 ... [ELSE e] END}: the value of the first branch whose condition
 * is TRUE (a NULL condition does not match), else the ELSE value, else NULL. The values share
 * a type by {@link TypeCoercion#commonType}. Instances are immutable; {@link #withBranch} and
 * {@link #withElse} return new ones, which is how {@code when(..).when(..).otherwise(..)} builds.
 */
public final class CaseWhen extends Expression {
  private final List<Expression> conditions;
  private final List<Expression> values;
  private final Expression elseValue;

  private CaseWhen(List<Expression> conditions, List<Expression> values, Expression elseValue) {
    this.conditions = List.copyOf(conditions);
    this.values = List.copyOf(values);
    this.elseValue = elseValue;
  }

  /** {@code CASE WHEN condition THEN value END}. */
  public static CaseWhen of(Expression condition, Expression value) {
    return new CaseWhen(List.of(condition), List.of(value), null);
  }

  /** This CASE with one more WHEN branch, tried after the existing ones. */
  public CaseWhen withBranch(Expression condition, Expression value) {
    if (hasElse()) {
      throw new IllegalStateException("cannot add a WHEN branch after ELSE in " + this);
    }
    List<Expression> c = new ArrayList<>(conditions);
    List<Expression> v = new ArrayList<>(values);
    c.add(condition);
    v.add(value);
    return new CaseWhen(c, v, null);
  }

  /** This CASE with an ELSE value. */
  public CaseWhen withElse(Expression value) {
    if (hasElse()) {
      throw new IllegalStateException("ELSE is already set in " + this);
    }
    return new CaseWhen(conditions, values, value);
  }

  public boolean hasElse() {
    return elseValue != null;
  }

  @Override
  public BoundExpression bind(Schema input) {
    List<BoundExpression> conds = new ArrayList<>(conditions.size());
    for (Expression c : conditions) {
      BoundExpression bound = c.bind(input);
      TypeCoercion.requireBoolean(bound, c, this);
      conds.add(bound);
    }
    List<Expression> results = new ArrayList<>(values);
    results.add(elseValue == null ? Literal.nullLiteral() : elseValue);
    List<BoundExpression> bound = new ArrayList<>(results.size());
    results.forEach(r -> bound.add(r.bind(input)));
    DataType common = TypeCoercion.commonType(bound, results, this);
    DataType type = common == null ? DataType.STRING : common;
    List<BoundExpression> coerced = new ArrayList<>(bound.size());
    bound.forEach(b -> coerced.add(Cast.coerce(b, type)));
    return new Bound(type, conds, coerced);
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("CASE");
    for (int i = 0; i < conditions.size(); i++) {
      sb.append(" WHEN ").append(conditions.get(i)).append(" THEN ").append(values.get(i));
    }
    if (elseValue != null) {
      sb.append(" ELSE ").append(elseValue);
    }
    return sb.append(" END").toString();
  }

  private static final class Bound extends BoundNode {
    private final BoundExpression[] conditions;
    /** One value per condition, then the ELSE value (a NULL literal when there is none). */
    private final BoundExpression[] values;

    Bound(DataType type, List<BoundExpression> conditions, List<BoundExpression> values) {
      super(type, values.stream().anyMatch(BoundExpression::nullable));
      this.conditions = conditions.toArray(new BoundExpression[0]);
      this.values = values.toArray(new BoundExpression[0]);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      for (int i = 0; i < conditions.length; i++) {
        if (Boolean.TRUE.equals(conditions[i].eval(row, context))) {
          return values[i].eval(row, context);
        }
      }
      return values[conditions.length].eval(row, context);
    }
  }
}
