package io.millrace.runtime.state;

import io.millrace.runtime.expr.TimeWindow;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/**
 * A column that holds a row's event time: a timestamp, or a {@code window} struct whose time is
 * its end, as Spark reads a window column that carries a watermark (its eviction and late-row
 * predicates compare {@code window.end}). {@link #NONE} for a side without one.
 */
final class TimeColumn {
  static final TimeColumn NONE = new TimeColumn(-1, false);

  private final int index;
  private final boolean window;

  private TimeColumn(int index, boolean window) {
    this.index = index;
    this.window = window;
  }

  /** Column {@code index} of {@code schema}, which must be a timestamp or a window. */
  static TimeColumn of(Schema schema, int index) {
    if (index < 0) {
      return NONE;
    }
    DataType type = schema.field(index).type();
    if (type != DataType.TIMESTAMP && !isWindow(type)) {
      throw new IllegalArgumentException("column " + schema.field(index).name() + " holds no event time: " + type);
    }
    return new TimeColumn(index, isWindow(type));
  }

  /** Whether a column of {@code type} can hold an event time. */
  static boolean holdsTime(DataType type) {
    return type == DataType.TIMESTAMP || isWindow(type);
  }

  private static boolean isWindow(DataType type) {
    return type.equals(TimeWindow.TYPE);
  }

  boolean present() {
    return index >= 0;
  }

  int index() {
    return index;
  }

  /** Whether the column is a window struct, whose time is its end. */
  boolean window() {
    return window;
  }

  /** Whether {@code row} has no time here: no such column, or a null value. */
  boolean isNullIn(Row row) {
    return index < 0 || row.isNullAt(index);
  }

  /** The time of {@code row}, in microseconds; the row must have one ({@link #isNullIn}). */
  long micros(Row row) {
    return window ? row.getStruct(index).getLong(1) : row.getLong(index);
  }
}
