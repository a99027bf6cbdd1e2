package io.millrace.tck.sink;

/** {@link PartialWriteSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K04 to fail. */
class PartialWriteSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new PartialWriteSinkProvider());
  }
}
