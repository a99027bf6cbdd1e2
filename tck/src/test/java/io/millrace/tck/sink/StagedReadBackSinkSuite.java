package io.millrace.tck.sink;

/** {@link StagedReadBackSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K12 to fail. */
class StagedReadBackSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new StagedReadBackSinkProvider(), true);
  }
}
