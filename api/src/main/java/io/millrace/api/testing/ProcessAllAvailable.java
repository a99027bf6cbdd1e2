package io.millrace.api.testing;

/** {@link StreamAction#processAllAvailable}: the wait a check does, without the check. */
final class ProcessAllAvailable extends StreamAction {

  @Override
  boolean needsStartedQuery() {
    return true;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    run.started(toString());
    run.awaitProcessed();
  }

  @Override
  public String toString() {
    return "processAllAvailable()";
  }
}
