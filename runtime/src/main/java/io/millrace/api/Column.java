package io.millrace.api;

import io.millrace.runtime.expr.Alias;
import io.millrace.runtime.expr.Arithmetic;
import io.millrace.runtime.expr.Between;
import io.millrace.runtime.expr.CaseWhen;
import io.millrace.runtime.expr.Cast;
import io.millrace.runtime.expr.CastTarget;
import io.millrace.runtime.expr.Comparison;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.In;
import io.millrace.runtime.expr.Like;
import io.millrace.runtime.expr.Literal;
import io.millrace.runtime.expr.Logical;
import io.millrace.runtime.expr.Negate;
import io.millrace.runtime.expr.NullCheck;
import io.millrace.runtime.expr.StringPredicate;
import io.millrace.spi.data.DataType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A column expression of the Java API, as in Spark: {@code col("amount").gt(10)}. Columns are
 * immutable; every method returns a new one. Methods that take an {@code Object} accept another
 * Column or a Java value that {@link functions#lit} turns into a literal.
 *
 * <p>Nothing is checked until the query is planned: then the expression is bound to its input
 * schema and an unknown column or a type mismatch raises {@link AnalysisException}.
 */
public final class Column {
  private final Expression expression;

  public Column(Expression expression) {
    this.expression = Objects.requireNonNull(expression, "expression");
  }

  /** The expression tree, which the runtime binds to a schema. */
  public Expression expression() {
    return expression;
  }

  /** The expression of a Column, or a literal for any other value. */
  static Expression toExpression(Object value) {
    return value instanceof Column ? ((Column) value).expression : Literal.from(value);
  }

  // ---- arithmetic ----

  public Column plus(Object other) {
    return arithmetic(Arithmetic.Op.ADD, other);
  }

  public Column minus(Object other) {
    return arithmetic(Arithmetic.Op.SUBTRACT, other);
  }

  public Column multiply(Object other) {
    return arithmetic(Arithmetic.Op.MULTIPLY, other);
  }

  /** Division; always DOUBLE, and NULL for a zero divisor, as Spark's {@code /}. */
  public Column divide(Object other) {
    return arithmetic(Arithmetic.Op.DIVIDE, other);
  }

  /** The remainder, with the sign of the dividend; NULL for a zero divisor. */
  public Column mod(Object other) {
    return arithmetic(Arithmetic.Op.REMAINDER, other);
  }

  public Column unaryMinus() {
    return new Column(new Negate(expression));
  }

  private Column arithmetic(Arithmetic.Op op, Object other) {
    return new Column(new Arithmetic(op, expression, toExpression(other)));
  }

  // ---- comparison ----

  public Column equalTo(Object other) {
    return compare(Comparison.Op.EQ, other);
  }

  public Column notEqual(Object other) {
    return compare(Comparison.Op.NE, other);
  }

  public Column gt(Object other) {
    return compare(Comparison.Op.GT, other);
  }

  public Column geq(Object other) {
    return compare(Comparison.Op.GE, other);
  }

  public Column lt(Object other) {
    return compare(Comparison.Op.LT, other);
  }

  public Column leq(Object other) {
    return compare(Comparison.Op.LE, other);
  }

  /** Equality that is TRUE for two NULLs and FALSE for one, never NULL ({@code <=>}). */
  public Column eqNullSafe(Object other) {
    return compare(Comparison.Op.EQ_NULL_SAFE, other);
  }

  /** {@code lower <= this <= upper}, both ends included. */
  public Column between(Object lower, Object upper) {
    return new Column(new Between(expression, toExpression(lower), toExpression(upper)));
  }

  private Column compare(Comparison.Op op, Object other) {
    return new Column(new Comparison(op, expression, toExpression(other)));
  }

  // ---- logic and nulls ----

  public Column and(Column other) {
    return new Column(new Logical(Logical.Op.AND, expression, other.expression));
  }

  public Column or(Column other) {
    return new Column(new Logical(Logical.Op.OR, expression, other.expression));
  }

  public Column isNull() {
    return new Column(new NullCheck(expression, false));
  }

  public Column isNotNull() {
    return new Column(new NullCheck(expression, true));
  }

  /** TRUE when this equals one of {@code values}; see SQL's {@code IN} for NULLs. */
  public Column isin(Object... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("isin needs at least one value");
    }
    List<Expression> items = new ArrayList<>(values.length);
    for (Object v : values) {
      items.add(toExpression(v));
    }
    return new Column(new In(expression, items));
  }

  /** {@link #isin} over a collection. */
  public Column isInCollection(Collection<?> values) {
    return isin(values.toArray());
  }

  // ---- CASE WHEN, continued from functions.when ----

  /**
   * Adds a branch to a column made by {@link functions#when}: {@code when(a, 1).when(b, 2)}.
   *
   * @throws IllegalArgumentException on any other column, or after {@link #otherwise}
   */
  public Column when(Column condition, Object value) {
    return new Column(caseWhen("when").withBranch(condition.expression, toExpression(value)));
  }

  /**
   * The value of a {@link functions#when} column when no branch matches; without it that
   * value is NULL.
   *
   * @throws IllegalArgumentException on any other column, or when already set
   */
  public Column otherwise(Object value) {
    return new Column(caseWhen("otherwise").withElse(toExpression(value)));
  }

  private CaseWhen caseWhen(String method) {
    if (!(expression instanceof CaseWhen) || ((CaseWhen) expression).hasElse()) {
      throw new IllegalArgumentException(method + "() can only be applied on a Column previously generated "
          + "by when(), before otherwise(); this column is " + expression);
    }
    return (CaseWhen) expression;
  }

  // ---- types and names ----

  /**
   * A cast to the type named like {@code int}, {@code bigint}, {@code timestamp} or
   * {@code varchar(10)}; a type Millrace lacks, such as {@code float}, is refused.
   */
  public Column cast(String typeName) {
    try {
      return cast(CastTarget.parse(typeName));
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("cannot cast " + expression + ": " + e.getMessage(), e);
    }
  }

  public Column cast(DataType type) {
    return new Column(new Cast(expression, type));
  }

  /** This column under another output name. */
  public Column as(String alias) {
    return new Column(new Alias(expression, alias));
  }

  /** The same as {@link #as}. */
  public Column alias(String alias) {
    return as(alias);
  }

  // ---- strings ----

  public Column startsWith(Object prefix) {
    return new Column(new StringPredicate(StringPredicate.Op.STARTSWITH, expression, toExpression(prefix)));
  }

  public Column endsWith(Object suffix) {
    return new Column(new StringPredicate(StringPredicate.Op.ENDSWITH, expression, toExpression(suffix)));
  }

  public Column contains(Object part) {
    return new Column(new StringPredicate(StringPredicate.Op.CONTAINS, expression, toExpression(part)));
  }

  /** SQL LIKE: {@code %} matches any run, {@code _} one character, {@code \} escapes. */
  public Column like(String pattern) {
    return new Column(new Like(expression, Literal.from(pattern)));
  }

  /** The SQL text of the expression, which is also its default output name. */
  @Override
  public String toString() {
    return expression.toString();
  }
}
