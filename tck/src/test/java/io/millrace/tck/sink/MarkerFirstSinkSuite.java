package io.millrace.tck.sink;

/** {@link MarkerFirstSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K09 to fail. */
class MarkerFirstSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new MarkerFirstSinkProvider());
  }
}
