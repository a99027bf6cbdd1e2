package io.millrace.runtime.plan;

import io.millrace.runtime.expr.BoundColumn;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** An input column by position, for operators that keep columns as they are. */
final class ColumnAt extends Expression {
  final Field field;
  final int index;

  ColumnAt(Field field, int index) {
    this.field = field;
    this.index = index;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return new BoundColumn() {
      @Override
      public int index() {
        return index;
      }

      @Override
      public DataType type() {
        return field.type();
      }

      @Override
      public boolean nullable() {
        return field.nullable();
      }

      @Override
      public Object eval(Row row, EvalContext context) {
        return row.get(index);
      }
    };
  }

  @Override
  public String defaultName() {
    return field.name();
  }

  @Override
  public String toString() {
    return field.name();
  }
}
