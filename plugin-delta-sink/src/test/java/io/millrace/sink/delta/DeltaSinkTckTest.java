package io.millrace.sink.delta;

import io.millrace.spi.sink.OutputMode;
import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;

/** The {@code delta} sink keeps the exactly-once sink contract in append mode. */
class DeltaSinkTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new DeltaSinkKit(OutputMode.APPEND);
  }
}
