package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code window(ts, duration[, slide])}: the event-time windows a row falls in, as a
 * {@code STRUCT<start TIMESTAMP, end TIMESTAMP>}. Windows are aligned to the epoch, as in
 * Spark: a tumbling window of 5 minutes holds [12:00, 12:05). A sliding window yields every
 * window containing the row, so it is only usable as a grouping key, where the aggregation
 * counts the row once per window.
 */
public final class TimeWindow extends Expression {
  /** The type of a window value. */
  public static final DataType TYPE = DataType.struct(Schema.of(
      new Field("start", DataType.TIMESTAMP, false), new Field("end", DataType.TIMESTAMP, false)));

  private final Expression time;
  private final long durationMicros;
  private final long slideMicros;

  public TimeWindow(Expression time, long durationMicros, long slideMicros) {
    if (durationMicros <= 0 || slideMicros <= 0) {
      throw new AnalysisException("window durations must be positive: window(" + time + ", " + durationMicros + "µs, "
          + slideMicros + "µs)");
    }
    if (slideMicros > durationMicros) {
      throw new AnalysisException("the slide of window(" + time + ") is longer than its duration, so rows between "
          + "windows would be lost");
    }
    this.time = time;
    this.durationMicros = durationMicros;
    this.slideMicros = slideMicros;
  }

  /** The event-time column the windows are on. */
  public Expression time() {
    return time;
  }

  public boolean isTumbling() {
    return slideMicros == durationMicros;
  }

  /** Binds the time column; the result evaluates to the row's windows. */
  public Bound bindWindows(Schema input) {
    BoundExpression t = time.bind(input);
    if (t.type().kind() != DataType.Kind.TIMESTAMP) {
      throw new AnalysisException("window(" + time + ", ..) needs a TIMESTAMP column, but " + time + " is " + t.type());
    }
    return new Bound(t);
  }

  /** A window bound to an input schema. */
  public final class Bound {
    private final BoundExpression time;

    private Bound(BoundExpression time) {
      this.time = time;
    }

    /** Whether every row falls in exactly one window (a tumbling window). */
    public boolean single() {
      return isTumbling();
    }

    public long durationMicros() {
      return durationMicros;
    }

    /**
     * The start of the one window of a tumbling window that holds the row's event time, or
     * {@code ifNull} when the time is null; allocates nothing, unlike {@link #windows}.
     */
    public long start(Row row, EvalContext context, long ifNull) {
      Object t = time.eval(row, context);
      if (t == null) {
        return ifNull;
      }
      long ts = (Long) t;
      return ts - Math.floorMod(ts, slideMicros);
    }

    /** The windows containing the row's event time, earliest last; none when the time is null. */
    public List<Row> windows(Row row, EvalContext context) {
      Object t = time.eval(row, context);
      if (t == null) {
        return List.of();
      }
      long ts = (Long) t;
      long lastStart = ts - Math.floorMod(ts, slideMicros);
      List<Row> out = new ArrayList<>((int) (durationMicros / slideMicros));
      for (long start = lastStart; start > ts - durationMicros; start -= slideMicros) {
        out.add(Row.of(start, start + durationMicros));
      }
      return out;
    }
  }

  @Override
  public BoundExpression bind(Schema input) {
    if (!isTumbling()) {
      throw new AnalysisException("a sliding " + this + " gives several windows per row; use it in groupBy(..)");
    }
    Bound bound = bindWindows(input);
    return new BoundExpression() {
      @Override
      public DataType type() {
        return TYPE;
      }

      @Override
      public boolean nullable() {
        return true;
      }

      @Override
      public Object eval(Row row, EvalContext context) {
        List<Row> w = bound.windows(row, context);
        return w.isEmpty() ? null : w.get(0);
      }
    };
  }

  @Override
  public String defaultName() {
    return "window";
  }

  @Override
  public String toString() {
    return "window(" + time + ", " + durationMicros / 1000 + "ms" + (isTumbling() ? "" : ", " + slideMicros / 1000 + "ms") + ")";
  }
}
