package io.millrace.tck.sink;

/** {@link CloseRecordsBatchIdSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K03 to fail. */
class CloseRecordsBatchIdSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new CloseRecordsBatchIdSinkProvider());
  }
}
