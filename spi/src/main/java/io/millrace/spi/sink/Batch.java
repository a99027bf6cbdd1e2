package io.millrace.spi.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;

/** The rows one micro-batch hands a sink. It may be iterated more than once. */
public interface Batch extends Iterable<Row> {

  Schema schema();

  long numRows();
}
