package io.millrace.tck.sink;

/** {@link StaleReadBackSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K08 to fail. */
class StaleReadBackSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new StaleReadBackSinkProvider());
  }
}
