package io.millrace.api.testing;

import io.millrace.api.StreamingQuery;

/** {@link StreamAction#advanceManualClock}: the session's manual clock moved, once the query waits on it. */
final class AdvanceManualClock extends StreamAction {
  private final long millis;

  AdvanceManualClock(long millis) {
    this.millis = millis;
  }

  @Override
  boolean needsStartedQuery() {
    return true;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    ManualClock clock = run.manualClock().orElseThrow(() -> run.fail(this + " needs a session built with "
        + "MillraceSession.builder().clock(new ManualClock(..)); this session runs on the machine's clock"));
    StreamingQuery q = run.started(toString());
    run.awaitWaitingOnClock(q, clock);
    if (!q.isActive()) {
      throw run.fail(this + ": the query ended before it waited on the clock", q.exception().orElse(null));
    }
    clock.advance(millis);
  }

  @Override
  public String toString() {
    return "advanceManualClock(" + millis + ")";
  }
}
