package io.millrace.tck.source;

/** A source whose partitions do not serialize; run by {@link SourceContractSelfTest}, which expects S16 to fail. */
class UnserializablePartitionSourceSuite extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new ReferenceSourceKit(new UnserializablePartitionSourceProvider());
  }
}
