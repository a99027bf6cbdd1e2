package io.millrace.tck.sink;

/** {@link InMemoryBatchIdSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K02 to fail. */
class InMemoryBatchIdSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new InMemoryBatchIdSinkProvider());
  }
}
