package io.millrace.sink.delta;

import io.millrace.spi.sink.OutputMode;
import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;

/** The {@code delta} sink keeps the exactly-once sink contract in complete mode, where each batch replaces the table. */
class DeltaSinkCompleteTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new DeltaSinkKit(OutputMode.COMPLETE);
  }
}
