package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code *} (every input column) or {@code data.*} (every field of the struct {@code data}),
 * which stands for several expressions: it is expanded where a list of them is read, as a whole
 * select column ({@code select("data.*")}, how a parsed Kafka value is spread into columns) or a
 * function's arguments ({@code to_json(struct(*))}, how a row becomes a Kafka value).
 */
public final class Star extends Expression {
  private final Expression struct;

  /** {@code struct} is the expression before {@code .*}, or null for a bare {@code *}. */
  public Star(Expression struct) {
    this.struct = struct;
  }

  /** The expressions this stands for over {@code input}, each named as Spark names it. */
  public List<Expression> expand(Schema input) {
    List<Expression> out = new ArrayList<>();
    if (struct == null) {
      for (Field f : input.fields()) {
        out.add(new ColumnRef(f.name()));
      }
      return out;
    }
    DataType type = struct.bind(input).type();
    if (type.kind() != DataType.Kind.STRUCT) {
      throw new AnalysisException("cannot expand '" + this + "': " + struct + " is " + type
          + ", and only a STRUCT's fields can be expanded with .*");
    }
    for (Field f : type.fields().fields()) {
      out.add(new Alias(new ExtractValue(struct, null, f.name()), f.name()));
    }
    return out;
  }

  /** Whether any of {@code expressions} is a star. */
  public static boolean any(List<Expression> expressions) {
    return expressions.stream().anyMatch(e -> e instanceof Star);
  }

  /** {@code expressions} with each star replaced by what it stands for over {@code input}. */
  public static List<Expression> expandAll(List<Expression> expressions, Schema input) {
    List<Expression> out = new ArrayList<>(expressions.size());
    for (Expression e : expressions) {
      if (e instanceof Star star) {
        out.addAll(star.expand(input));
      } else {
        out.add(e);
      }
    }
    return out;
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException("'" + this + "' stands for several columns: it can be a whole select column or "
        + "a function's argument (struct(*)), not part of an expression");
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    return struct == null ? "*" : struct + ".*";
  }
}
