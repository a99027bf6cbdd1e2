package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * {@code session_window(ts, gap)}: the session a row is in, as a
 * {@code STRUCT<start TIMESTAMP, end TIMESTAMP>}, as Spark 4.0's. A row alone is the session
 * {@code [ts, ts + gap)}; rows of one group whose sessions touch or overlap are one session
 * (see {@code SessionAggregationPlan}). Which session a row ends up in depends on the other rows
 * of its group, so the expression only has a meaning as a grouping key of a streaming
 * aggregation, which merges sessions; anywhere else it is refused.
 */
public final class SessionWindow extends Expression {
  private final Expression time;
  private final long gapMicros;

  public SessionWindow(Expression time, long gapMicros) {
    if (gapMicros <= 0) {
      throw new AnalysisException("session_window(" + time + ", ..) needs a positive gap, not " + gapMicros + "µs");
    }
    this.time = time;
    this.gapMicros = gapMicros;
  }

  /** The event-time column the sessions are on. */
  public Expression time() {
    return time;
  }

  public long gapMicros() {
    return gapMicros;
  }

  /** Binds the time column, which must be a TIMESTAMP; the result evaluates to the row's event time. */
  public BoundExpression bindTime(Schema input) {
    BoundExpression t = time.bind(input);
    if (t.type().kind() != DataType.Kind.TIMESTAMP) {
      throw new AnalysisException("session_window(" + time + ", ..) needs a TIMESTAMP column, but " + time + " is "
          + t.type());
    }
    return t;
  }

  /** The session value {@code [start, end)}. */
  public static Row value(long startMicros, long endMicros) {
    return Row.of(startMicros, endMicros);
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException(this + " can only be a grouping key of a streaming aggregation, as in "
        + "groupBy(col(\"key\"), session_window(col(\"ts\"), \"30 seconds\")): a row's session depends on the other "
        + "rows of its group");
  }

  @Override
  public String defaultName() {
    return "session_window";
  }

  @Override
  public String toString() {
    return "session_window(" + time + ", " + gapMicros / 1000 + "ms)";
  }
}
