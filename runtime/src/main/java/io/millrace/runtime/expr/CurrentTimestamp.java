package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * {@code current_timestamp()}: the batch's logical time from the {@link EvalContext}, not the
 * wall clock, so a replayed batch computes the same values.
 */
public final class CurrentTimestamp extends FunctionCall {

  public CurrentTimestamp() {
    super("current_timestamp", List.of());
  }

  @Override
  public BoundExpression bind(Schema input) {
    return Bound.INSTANCE;
  }

  private static final class Bound extends BoundNode {
    static final Bound INSTANCE = new Bound();

    private Bound() {
      super(DataType.TIMESTAMP, false);
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return context.batchTimestampMicros();
    }
  }
}
