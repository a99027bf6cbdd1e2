package io.millrace.sink.delta;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The {@code delta} source keeps the source contract, on a fresh partitioned table per rule. */
class DeltaSourceTckTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new DeltaSourceKit();
  }
}
