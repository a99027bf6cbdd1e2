package io.millrace.api.plan;

import io.millrace.spi.data.DataType;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * An unresolved expression, as a {@code Column} of the API describes it (Spark 4's
 * {@code ColumnNode}): names are not looked up and types not checked until the engine resolves
 * the query that uses it. Immutable; {@link #toString()} is the SQL text, which is also the
 * default output name the engine gives the expression.
 *
 * <p>For engines: the runtime translates these nodes into its own expressions. Users build them
 * through {@code Column} and {@code functions}.
 */
public sealed interface ColumnNode {

  /** A column of the input, by name: that exact name, else the one matching ignoring case. */
  record ColumnReference(String name) implements ColumnNode {
    public ColumnReference {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return SqlSpelling.identifier(name);
    }
  }

  /** Every column, or (as {@code count(*)}'s argument) every row. */
  record Star() implements ColumnNode {
    @Override
    public String toString() {
      return "*";
    }
  }

  /**
   * A Java value: Integer, Short, Byte, Long, Double, Float, Boolean, String, Character, byte[],
   * an Instant, or null (a NULL that takes its type from the expression around it).
   */
  record Literal(Object value) implements ColumnNode {
    public Literal {
      SqlSpelling.checkLiteral(value);
    }

    @Override
    public String toString() {
      return SqlSpelling.literal(value);
    }
  }

  /**
   * SQL expression text, parsed by the engine: {@code "amount * 2"}; with {@code named}, a
   * trailing alias is allowed ({@code "amount * 2 AS doubled"}), as in {@code selectExpr}.
   */
  record SqlExpression(String text, boolean named) implements ColumnNode {
    public SqlExpression {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * A function or operator applied to arguments, by name: the functions of SQL text by their
   * SQL names ({@code upper}, {@code round}, {@code window}, {@code count}...) and the
   * operators of {@link Operator}.
   */
  record Call(String name, List<ColumnNode> arguments) implements ColumnNode {
    public Call {
      Objects.requireNonNull(name, "name");
      arguments = List.copyOf(arguments);
    }

    @Override
    public String toString() {
      Operator op = Operator.named(name);
      if (op != null) {
        return op.spell(arguments);
      }
      if (name.equals("count") && arguments.size() == 1 && arguments.get(0) instanceof Star) {
        return "count(1)";
      }
      StringJoiner text = new StringJoiner(", ", name + "(", ")");
      arguments.forEach(a -> text.add(a.toString()));
      return text.toString();
    }
  }

  /** {@code child} under another output name. */
  record Alias(ColumnNode child, String name) implements ColumnNode {
    public Alias {
      Objects.requireNonNull(child, "child");
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return child + " AS " + SqlSpelling.identifier(name);
    }
  }

  /** A generator's several columns named, in order: {@code posexplode(a) AS (p, v)}. */
  record MultiAlias(ColumnNode child, List<String> names) implements ColumnNode {
    public MultiAlias {
      Objects.requireNonNull(child, "child");
      names = List.copyOf(names);
    }

    @Override
    public String toString() {
      StringJoiner text = new StringJoiner(", ", child + " AS (", ")");
      names.forEach(n -> text.add(SqlSpelling.identifier(n)));
      return text.toString();
    }
  }

  /**
   * A part of a value: {@code child[key]} (an array's zero-based element, a map's value) when
   * {@code key} is given, else the struct field {@code child.field}.
   */
  record Extract(ColumnNode child, ColumnNode key, String field) implements ColumnNode {
    public Extract {
      Objects.requireNonNull(child, "child");
      if ((key == null) == (field == null)) {
        throw new IllegalArgumentException("an extract takes a key or a field, one of them");
      }
    }

    @Override
    public String toString() {
      return field != null ? child + "." + SqlSpelling.identifier(field) : child + "[" + key + "]";
    }
  }

  /** A lambda argument of a higher-order function: {@code parameters -> body}. */
  record LambdaFunction(List<String> parameters, ColumnNode body) implements ColumnNode {
    public LambdaFunction {
      parameters = List.copyOf(parameters);
      Objects.requireNonNull(body, "body");
    }

    @Override
    public String toString() {
      return (parameters.size() == 1 ? parameters.get(0) : "(" + String.join(", ", parameters) + ")") + " -> " + body;
    }
  }

  /** A cast to {@code type}. */
  record Cast(ColumnNode child, DataType type) implements ColumnNode {
    public Cast {
      Objects.requireNonNull(child, "child");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String toString() {
      return "CAST(" + child + " AS " + type + ")";
    }
  }

  /**
   * {@code CASE WHEN c1 THEN v1 ... [ELSE e] END}; {@code elseValue} is null when no ELSE was
   * given, and then rows that match no branch get NULL.
   */
  record CaseWhen(List<ColumnNode> conditions, List<ColumnNode> values, ColumnNode elseValue) implements ColumnNode {
    public CaseWhen {
      conditions = List.copyOf(conditions);
      values = List.copyOf(values);
      if (conditions.isEmpty() || conditions.size() != values.size()) {
        throw new IllegalArgumentException("CASE needs as many values as conditions, at least one");
      }
    }

    public boolean hasElse() {
      return elseValue != null;
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
  }
}
