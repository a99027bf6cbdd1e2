package io.millrace.tck.source;

/** {@link AvailableNowIgnoresLimitSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S13 to fail. */
class AvailableNowIgnoresLimitSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new AvailableNowIgnoresLimitSourceProvider());
  }
}
