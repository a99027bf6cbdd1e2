package io.millrace.tck.source;

/** {@link TextOrderSegmentsSourceProvider} against the suite; run by {@link SourceContractSelfTest}, which expects S12 to fail. */
class TextOrderSegmentsSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new TextOrderSegmentsSourceProvider());
  }
}
