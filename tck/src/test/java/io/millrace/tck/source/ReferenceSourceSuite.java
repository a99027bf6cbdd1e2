package io.millrace.tck.source;

/** The reference source against the suite; run by {@link SourceContractSelfTest}, which expects no failure. */
class ReferenceSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new ReferenceSourceProvider());
  }
}
