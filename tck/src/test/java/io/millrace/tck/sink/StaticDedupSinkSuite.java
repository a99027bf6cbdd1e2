package io.millrace.tck.sink;

/** {@link StaticDedupSinkProvider} against the suite; run by {@link SinkContractSelfTest}, which expects K10 to fail. */
class StaticDedupSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new StaticDedupSinkProvider());
  }
}
