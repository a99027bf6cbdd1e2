package io.millrace.tck.source;

/** {@link StaticBatchLogSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S15 to fail. */
class StaticBatchLogSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new StaticBatchLogSourceProvider());
  }
}
