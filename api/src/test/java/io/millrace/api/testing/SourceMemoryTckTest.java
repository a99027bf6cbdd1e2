package io.millrace.api.testing;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The {@code memory} source keeps the source contract. */
class SourceMemoryTckTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new MemorySourceKit();
  }
}
