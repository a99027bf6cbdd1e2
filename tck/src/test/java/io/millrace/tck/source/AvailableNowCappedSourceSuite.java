package io.millrace.tck.source;

/** {@link AvailableNowCappedSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S14 to fail. */
class AvailableNowCappedSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new AvailableNowCappedSourceProvider());
  }
}
