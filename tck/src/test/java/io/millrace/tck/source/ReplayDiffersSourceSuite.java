package io.millrace.tck.source;

/** A source whose replay differs on a fresh instance; run by {@link SourceContractSelfTest}, which expects S03 to fail. */
class ReplayDiffersSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new ReplayDiffersSourceProvider());
  }
}
