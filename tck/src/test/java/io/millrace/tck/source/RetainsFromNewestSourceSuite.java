package io.millrace.tck.source;

/** {@link RetainsFromNewestSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S11 to fail. */
class RetainsFromNewestSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new RetainsFromNewestSourceProvider());
  }
}
