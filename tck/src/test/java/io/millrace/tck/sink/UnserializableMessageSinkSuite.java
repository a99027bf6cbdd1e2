package io.millrace.tck.sink;

/** {@link UnserializableMessageSinkProvider} against the suite; run by {@link SinkContractSelfTest}. */
class UnserializableMessageSinkSuite extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new ReferenceSinkKit(new UnserializableMessageSinkProvider());
  }
}
