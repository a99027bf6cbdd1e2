package io.millrace.tck.source;

/** A source whose offsets move back; run by {@link SourceContractSelfTest}, which expects S02 to fail. */
class BackwardOffsetsSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new BackwardOffsetsSourceProvider());
  }
}
