package io.millrace.api.testing;

import io.millrace.api.Trigger;

/** {@link StreamAction#startStream}: the query started, or started again on its checkpoint. */
final class StartStream extends StreamAction {
  private final Trigger trigger;
  private final ManualClock clock;
  private boolean addedByHarness;

  StartStream(Trigger trigger, ManualClock clock) {
    this.trigger = trigger;
    this.clock = clock;
  }

  /** Marks the start {@link StreamTest#run} put first because the test started no query itself. */
  StartStream addedByHarness() {
    this.addedByHarness = true;
    return this;
  }

  @Override
  void perform(StreamTestRun run) {
    run.start(trigger, clock);
  }

  @Override
  public String toString() {
    return "startStream(" + trigger + (clock == null ? "" : ", " + clock) + ")"
        + (addedByHarness ? "   [added: no startStream before the first step that needs a query]" : "");
  }
}
