package io.millrace.api.testing;

/** {@link StreamAction#stopStream}: the running query stopped, cleanly. */
final class StopStream extends StreamAction {

  @Override
  boolean needsStartedQuery() {
    return true;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    run.stop(toString());
  }

  @Override
  public String toString() {
    return "stopStream()";
  }
}
