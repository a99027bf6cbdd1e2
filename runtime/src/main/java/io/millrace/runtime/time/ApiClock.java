package io.millrace.runtime.time;

import java.util.Objects;

/** A session's clock, as the user API gave it, read by the engine. */
record ApiClock(io.millrace.api.Clock clock) implements Clock {
  ApiClock {
    Objects.requireNonNull(clock, "clock");
  }

  @Override
  public long millis() {
    return clock.millis();
  }

  @Override
  public void awaitUntil(Object monitor, long deadlineMillis) throws InterruptedException {
    clock.awaitUntil(monitor, deadlineMillis);
  }

  @Override
  public String toString() {
    return clock.toString();
  }
}
