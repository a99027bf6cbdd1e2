package io.millrace.sink.file;

import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;

/** The {@code parquet} sink keeps the exactly-once, per-task sink contract. */
class ParquetSinkTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new FileSinkKit(new ParquetSinkProvider());
  }
}
