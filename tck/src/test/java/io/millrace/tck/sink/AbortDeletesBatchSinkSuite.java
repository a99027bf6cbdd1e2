package io.millrace.tck.sink;

/** {@link AbortDeletesBatchSinkProvider} against the suite; run by {@link SinkContractSelfTest}. */
class AbortDeletesBatchSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new AbortDeletesBatchSinkProvider());
  }
}
