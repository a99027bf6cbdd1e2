package io.millrace.tck.sink;

/** {@link ReferenceSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects no failure. */
class ReferenceSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new ReferenceSinkProvider());
  }
}
