package io.millrace.api;

import io.millrace.api.plan.CastTypes;
import io.millrace.api.plan.ColumnNode;
import io.millrace.api.plan.Operator;
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
  private final ColumnNode node;

  public Column(ColumnNode node) {
    this.node = Objects.requireNonNull(node, "node");
  }

  /** The unresolved expression, which the engine resolves against the input's schema. */
  public ColumnNode node() {
    return node;
  }

  /** The node of a Column, or a literal for any other value. */
  static ColumnNode toNode(Object value) {
    return value instanceof Column ? ((Column) value).node : new ColumnNode.Literal(value);
  }

  private Column apply(Operator op, ColumnNode... arguments) {
    return new Column(op.call(arguments));
  }

  // ---- arithmetic ----

  public Column plus(Object other) {
    return apply(Operator.PLUS, node, toNode(other));
  }

  public Column minus(Object other) {
    return apply(Operator.MINUS, node, toNode(other));
  }

  public Column multiply(Object other) {
    return apply(Operator.MULTIPLY, node, toNode(other));
  }

  /** Division; always DOUBLE, and NULL for a zero divisor, as Spark's {@code /}. */
  public Column divide(Object other) {
    return apply(Operator.DIVIDE, node, toNode(other));
  }

  /** The remainder, with the sign of the dividend; NULL for a zero divisor. */
  public Column mod(Object other) {
    return apply(Operator.REMAINDER, node, toNode(other));
  }

  public Column unaryMinus() {
    return apply(Operator.NEGATE, node);
  }

  // ---- comparison ----

  public Column equalTo(Object other) {
    return apply(Operator.EQ, node, toNode(other));
  }

  public Column notEqual(Object other) {
    return apply(Operator.NE, node, toNode(other));
  }

  public Column gt(Object other) {
    return apply(Operator.GT, node, toNode(other));
  }

  public Column geq(Object other) {
    return apply(Operator.GE, node, toNode(other));
  }

  public Column lt(Object other) {
    return apply(Operator.LT, node, toNode(other));
  }

  public Column leq(Object other) {
    return apply(Operator.LE, node, toNode(other));
  }

  /** Equality that is TRUE for two NULLs and FALSE for one, never NULL ({@code <=>}). */
  public Column eqNullSafe(Object other) {
    return apply(Operator.EQ_NULL_SAFE, node, toNode(other));
  }

  /** {@code lower <= this <= upper}, both ends included. */
  public Column between(Object lower, Object upper) {
    return apply(Operator.BETWEEN, node, toNode(lower), toNode(upper));
  }

  // ---- logic and nulls ----

  public Column and(Column other) {
    return apply(Operator.AND, node, other.node);
  }

  public Column or(Column other) {
    return apply(Operator.OR, node, other.node);
  }

  public Column isNull() {
    return apply(Operator.IS_NULL, node);
  }

  public Column isNotNull() {
    return apply(Operator.IS_NOT_NULL, node);
  }

  /** TRUE when this equals one of {@code values}; see SQL's {@code IN} for NULLs. */
  public Column isin(Object... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("isin needs at least one value");
    }
    List<ColumnNode> arguments = new ArrayList<>(values.length + 1);
    arguments.add(node);
    for (Object v : values) {
      arguments.add(toNode(v));
    }
    return new Column(new ColumnNode.Call(Operator.IN.callName(), arguments));
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
    ColumnNode.CaseWhen c = caseWhen("when");
    List<ColumnNode> conditions = new ArrayList<>(c.conditions());
    List<ColumnNode> values = new ArrayList<>(c.values());
    conditions.add(condition.node);
    values.add(toNode(value));
    return new Column(new ColumnNode.CaseWhen(conditions, values, null));
  }

  /**
   * The value of a {@link functions#when} column when no branch matches; without it that
   * value is NULL.
   *
   * @throws IllegalArgumentException on any other column, or when already set
   */
  public Column otherwise(Object value) {
    ColumnNode.CaseWhen c = caseWhen("otherwise");
    return new Column(new ColumnNode.CaseWhen(c.conditions(), c.values(), toNode(value)));
  }

  private ColumnNode.CaseWhen caseWhen(String method) {
    if (!(node instanceof ColumnNode.CaseWhen) || ((ColumnNode.CaseWhen) node).hasElse()) {
      throw new IllegalArgumentException(method + "() can only be applied on a Column previously generated "
          + "by when(), before otherwise(); this column is " + node);
    }
    return (ColumnNode.CaseWhen) node;
  }

  // ---- types and names ----

  /**
   * A cast to the type named like {@code int}, {@code bigint}, {@code timestamp} or
   * {@code varchar(10)}; a type Millrace lacks, such as {@code float}, is refused.
   */
  public Column cast(String typeName) {
    try {
      return cast(CastTypes.parse(typeName));
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("cannot cast " + node + ": " + e.getMessage(), e);
    }
  }

  public Column cast(DataType type) {
    return new Column(new ColumnNode.Cast(node, type));
  }

  /** This column under another output name. */
  /** An array's element at zero-based {@code key} (NULL out of range), or a map's value for {@code key}, as Spark's getItem. */
  public Column getItem(Object key) {
    return new Column(new ColumnNode.Extract(node, toNode(key), null));
  }

  /** A struct's field, as Spark's getField; its column's name is the field's. */
  public Column getField(String name) {
    return new Column(new ColumnNode.Extract(node, null, name));
  }

  public Column as(String alias) {
    return new Column(new ColumnNode.Alias(node, alias));
  }

  /**
   * Names each column of a generator that makes several, as Spark's {@code as(String[])}:
   * {@code posexplode(col("tags")).as(new String[] {"position", "tag"})}.
   */
  public Column as(String[] aliases) {
    return new Column(new ColumnNode.MultiAlias(node, java.util.List.of(aliases)));
  }

  /** The same as {@link #as}. */
  public Column alias(String alias) {
    return as(alias);
  }

  // ---- strings ----

  public Column startsWith(Object prefix) {
    return new Column(new ColumnNode.Call("startswith", List.of(node, toNode(prefix))));
  }

  public Column endsWith(Object suffix) {
    return new Column(new ColumnNode.Call("endswith", List.of(node, toNode(suffix))));
  }

  public Column contains(Object part) {
    return new Column(new ColumnNode.Call("contains", List.of(node, toNode(part))));
  }

  /** SQL LIKE: {@code %} matches any run, {@code _} one character, {@code \} escapes. */
  public Column like(String pattern) {
    return apply(Operator.LIKE, node, new ColumnNode.Literal(pattern));
  }

  /** Whether the regular expression {@code regexp} (Java's syntax) matches some part of the text: SQL RLIKE. */
  public Column rlike(String regexp) {
    return new Column(new ColumnNode.Call("rlike", List.of(node, new ColumnNode.Literal(regexp))));
  }

  /** The SQL text of the expression, which is also its default output name. */
  @Override
  public String toString() {
    return node.toString();
  }
}
