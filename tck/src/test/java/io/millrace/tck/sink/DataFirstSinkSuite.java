package io.millrace.tck.sink;

/** {@link DataFirstSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K09 to fail. */
class DataFirstSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new DataFirstSinkProvider());
  }
}
