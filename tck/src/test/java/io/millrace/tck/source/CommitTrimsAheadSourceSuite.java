package io.millrace.tck.source;

/** {@link CommitTrimsAheadSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S11 to fail. */
class CommitTrimsAheadSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new CommitTrimsAheadSourceProvider());
  }
}
