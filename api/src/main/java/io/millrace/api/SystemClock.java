package io.millrace.api;

/** The machine's wall clock. */
enum SystemClock implements Clock {
  INSTANCE;

  @Override
  public long millis() {
    return System.currentTimeMillis();
  }

  @Override
  public void awaitUntil(Object monitor, long deadlineMillis) throws InterruptedException {
    long remaining = deadlineMillis - System.currentTimeMillis();
    if (remaining > 0) {
      monitor.wait(remaining);
    }
  }
}
