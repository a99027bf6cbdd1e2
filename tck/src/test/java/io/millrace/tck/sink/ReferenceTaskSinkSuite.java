package io.millrace.tck.sink;

/** {@link ReferenceTaskSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects no failure. */
class ReferenceTaskSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new ReferenceTaskSinkProvider());
  }
}
