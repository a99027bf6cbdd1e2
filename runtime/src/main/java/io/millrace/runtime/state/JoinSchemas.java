package io.millrace.runtime.state;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/** What every join does with its two sides' schemas: the joined row's columns, and the condition bound over them. */
public final class JoinSchemas {
  private JoinSchemas() {}

  /**
   * {@code condition} bound over a left row next to a right row.
   *
   * @throws AnalysisException for a column name both sides have, or a condition that is not BOOLEAN
   */
  public static BoundExpression bindCondition(Expression condition, Schema left, Schema right) {
    List<String> clash = new ArrayList<>();
    for (String name : left.names()) {
      if (right.indexOf(name) >= 0) {
        clash.add(name);
      }
    }
    if (!clash.isEmpty()) {
      throw new AnalysisException("join: both sides have the column(s) " + clash + "; rename them on one side"
          + " (withColumnRenamed) so that the condition and the output name each column once, or join on them"
          + " with join(right, List.of(columns), type)");
    }
    BoundExpression bound = condition.bind(concat(left, right, false, false));
    if (!bound.type().equals(DataType.BOOLEAN)) {
      throw new AnalysisException("join condition '" + condition + "' is " + bound.type() + ", not BOOLEAN");
    }
    return bound;
  }

  /** The left columns then the right ones, a side's made nullable where an outer join pads it with nulls. */
  public static Schema concat(Schema left, Schema right, boolean leftNullable, boolean rightNullable) {
    List<Field> fields = new ArrayList<>();
    for (Field f : left.fields()) {
      fields.add(leftNullable ? new Field(f.name(), f.type(), true) : f);
    }
    for (Field f : right.fields()) {
      fields.add(rightNullable ? new Field(f.name(), f.type(), true) : f);
    }
    return Schema.of(fields);
  }

  public static int[] toArray(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
