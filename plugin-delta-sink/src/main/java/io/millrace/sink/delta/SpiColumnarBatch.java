package io.millrace.sink.delta;

import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kernel batch of SPI rows, stored column by column. It supports the column edits Kernel's
 * write path makes (dropping partition columns before Parquet is written).
 */
final class SpiColumnarBatch implements ColumnarBatch {
  private final StructType schema;
  private final List<ColumnVector> columns;
  private final int size;

  private SpiColumnarBatch(StructType schema, List<ColumnVector> columns, int size) {
    this.schema = schema;
    this.columns = columns;
    this.size = size;
  }

  /** The rows {@code [from, to)} of {@code rows}, each a row of {@code schema}. */
  static SpiColumnarBatch of(StructType schema, List<Row> rows, int from, int to) {
    int size = to - from;
    List<ColumnVector> columns = new ArrayList<>(schema.length());
    for (int c = 0; c < schema.length(); c++) {
      Object[] values = new Object[size];
      for (int r = 0; r < size; r++) {
        values[r] = rows.get(from + r).get(c);
      }
      columns.add(new SpiColumnVector(schema.at(c).getDataType(), values));
    }
    return new SpiColumnarBatch(schema, columns, size);
  }

  @Override
  public StructType getSchema() {
    return schema;
  }

  @Override
  public ColumnVector getColumnVector(int ordinal) {
    return columns.get(ordinal);
  }

  @Override
  public int getSize() {
    return size;
  }

  @Override
  public ColumnarBatch withDeletedColumnAt(int ordinal) {
    List<StructField> fields = new ArrayList<>(schema.fields());
    fields.remove(ordinal);
    List<ColumnVector> kept = new ArrayList<>(columns);
    kept.remove(ordinal);
    return new SpiColumnarBatch(new StructType(fields), kept, size);
  }

  @Override
  public ColumnarBatch withNewColumn(int ordinal, StructField field, ColumnVector vector) {
    List<StructField> fields = new ArrayList<>(schema.fields());
    fields.add(ordinal, field);
    List<ColumnVector> grown = new ArrayList<>(columns);
    grown.add(ordinal, vector);
    return new SpiColumnarBatch(new StructType(fields), grown, size);
  }
}
