package io.millrace.tck.sink;

/** {@link EagerTaskSinkProvider} against the suite; run by {@link SinkContractSelfTest}. */
class EagerTaskSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new EagerTaskSinkProvider());
  }
}
