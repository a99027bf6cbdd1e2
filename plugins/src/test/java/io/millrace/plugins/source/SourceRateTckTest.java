package io.millrace.plugins.source;

import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;

/** The {@code rate} source, on a manual clock, keeps the source contract. */
class SourceRateTckTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new RateSourceKit();
  }
}
