package io.millrace.plugins.tck;

import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;

/** The {@code memory} sink keeps the exactly-once sink contract. */
class SinkMemoryTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new MemorySinkKit();
  }
}
