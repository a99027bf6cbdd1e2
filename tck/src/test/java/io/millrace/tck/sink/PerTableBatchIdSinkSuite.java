package io.millrace.tck.sink;

/** {@link PerTableBatchIdSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K11 to fail. */
class PerTableBatchIdSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new PerTableBatchIdSinkProvider());
  }
}
