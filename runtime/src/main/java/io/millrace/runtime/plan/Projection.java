package io.millrace.runtime.plan;

import io.millrace.runtime.expr.BoundColumn;
import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.util.Arrays;

/**
 * A projection's stage: each output column an expression over the input row.
 *
 * <p>A projection that keeps every column of the one before it in place and adds columns, or
 * replaces one ({@code withColumn}'s shape), runs as part of that one ({@link #then}): the
 * columns of both are made in one array, each added column from the row as it stands when its
 * turn comes, which is the row the projection would have been given. That is a row and an array
 * fewer per row and projection; on the sessions benchmark's {@code select(..).withColumn(..)}
 * the second projection's row was a tenth of all the run allocated.
 */
final class Projection implements RowPipeline.Stage {
  /** The columns made from the input row, in order from position 0. */
  private final BoundExpression[] fromInput;
  /** The columns of the row out. */
  private final int width;
  /** Then, in order: the column at {@code positions[k]} made by {@code later[k]} from the row as it stands. */
  private final int[] positions;
  private final BoundExpression[] later;

  Projection(BoundExpression[] columns) {
    this(columns, columns.length, new int[0], new BoundExpression[0]);
  }

  private Projection(BoundExpression[] fromInput, int width, int[] positions, BoundExpression[] later) {
    this.fromInput = fromInput;
    this.width = width;
    this.positions = positions;
    this.later = later;
  }

  @Override
  public Row apply(Row row, EvalContext context) {
    Object[] values = new Object[width];
    for (int i = 0; i < fromInput.length; i++) {
      values[i] = fromInput[i].eval(row, context);
    }
    Row out = Row.wrap(values);
    for (int k = 0; k < later.length; k++) {
      values[positions[k]] = later[k].eval(out, context);
    }
    return out;
  }

  /**
   * This projection and then {@code next} as one stage, or null where {@code next} is not a
   * projection that keeps this one's columns in place, its others either all added after them
   * or a single one (which may replace a column: made from the row before it is replaced).
   */
  RowPipeline.Stage then(RowPipeline.Stage next) {
    if (!(next instanceof Projection p) || p.later.length > 0 || p.fromInput.length < width) {
      return null;
    }
    BoundExpression[] columns = p.fromInput;
    int made = 0;
    boolean replaces = false;
    for (int i = 0; i < columns.length; i++) {
      if (!keepsInPlace(columns, i)) {
        made++;
        replaces |= i < width;
      }
    }
    if (replaces && made > 1) {
      return null; // two columns made from the row as it was: one must not see the other's value
    }
    int[] morePositions = Arrays.copyOf(positions, positions.length + made);
    BoundExpression[] moreLater = Arrays.copyOf(later, later.length + made);
    int k = later.length;
    for (int i = 0; i < columns.length; i++) {
      if (!keepsInPlace(columns, i)) {
        morePositions[k] = i;
        moreLater[k++] = columns[i];
      }
    }
    return new Projection(fromInput, columns.length, morePositions, moreLater);
  }

  /** Whether column {@code i} of a next projection is this one's column {@code i} as it is. */
  private boolean keepsInPlace(BoundExpression[] columns, int i) {
    return i < width && columns[i] instanceof BoundColumn c && c.index() == i;
  }
}
