package io.millrace.tck.source;

/** A source whose partitions only its planning instance can read; run by {@link SourceContractSelfTest}, which expects S16 to fail. */
class PlannedIdSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new PlannedIdSourceProvider());
  }
}
