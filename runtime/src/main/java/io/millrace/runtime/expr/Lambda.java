package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * A lambda argument of a higher-order function, {@code x -> x * 2} or {@code (acc, x) -> acc + x}.
 * It is bound by the function that calls it, with its parameters' types: its body then sees the
 * parameters first and the row's columns after them (a parameter hides a column of its name,
 * as in Spark).
 */
final class Lambda extends Expression {
  private final List<String> params;
  private final Expression body;

  Lambda(List<String> params, Expression body) {
    this.params = List.copyOf(params);
    this.body = body;
  }

  int arity() {
    return params.size();
  }

  /** The body bound with the parameters of {@code types}, over {@code input}. */
  Bound bind(Schema input, List<DataType> types, Expression call) {
    if (types.size() != params.size()) {
      throw TypeCoercion.error(call, "its lambda takes " + params.size() + " parameter(s) but " + types.size()
          + " are given to it");
    }
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < params.size(); i++) {
      fields.add(Field.of(params.get(i), types.get(i)));
    }
    List<Integer> kept = new ArrayList<>();
    for (int c = 0; c < input.size(); c++) {
      if (!params.contains(input.field(c).name())) {
        kept.add(c);
        fields.add(input.field(c));
      }
    }
    int[] columns = kept.stream().mapToInt(Integer::intValue).toArray();
    return new Bound(body.bind(Schema.of(fields)), params.size(), columns);
  }

  /** A bound body and how to lay out its row: the parameters' values, then the kept columns. */
  static final class Bound {
    private final BoundExpression body;
    private final int arity;
    private final int[] columns;

    Bound(BoundExpression body, int arity, int[] columns) {
      this.body = body;
      this.arity = arity;
      this.columns = columns;
    }

    DataType type() {
      return body.type();
    }

    BoundExpression body() {
      return body;
    }

    Object apply(Row row, EvalContext context, Object... values) {
      Object[] at = new Object[arity + columns.length];
      System.arraycopy(values, 0, at, 0, arity);
      for (int i = 0; i < columns.length; i++) {
        at[arity + i] = row.get(columns[i]);
      }
      return body.eval(Row.wrap(at), context);
    }
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException("cannot resolve '" + this + "': a lambda is only an argument of a function that "
        + "takes one (transform, filter, exists, forall, aggregate)");
  }

  @Override
  public String defaultName() {
    return toString();
  }

  /** Spark's name: {@code lambdafunction((namedlambdavariable() * 2), namedlambdavariable())} is long; this says the lambda. */
  @Override
  public String toString() {
    return (params.size() == 1 ? params.get(0) : "(" + String.join(", ", params) + ")") + " -> " + body;
  }
}
