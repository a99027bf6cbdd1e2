package io.millrace.api.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** What a test learns from a manual clock about the thread waiting on it. */
class ManualClockTest {
  private final ManualClock clock = new ManualClock(1_000);
  private final Object monitor = new Object();

  /** Waits on the clock as the batch loop does: until {@code deadline}, again after each wake-up. */
  private Thread waiter(long deadline, CountDownLatch done) {
    Thread t = new Thread(() -> {
      synchronized (monitor) {
        try {
          while (clock.millis() < deadline) {
            clock.awaitUntil(monitor, deadline);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      done.countDown();
    });
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Test
  void itTellsSinceWhenSomeoneWaitsAndForWhat() throws Exception {
    assertThat(clock.isWaitingAt(1_000)).isFalse();
    assertThat(clock.earliestDeadline()).isEmpty();
    CountDownLatch done = new CountDownLatch(1);
    waiter(1_500, done);

    awaitCondition(() -> clock.isWaitingAt(1_000));
    assertThat(clock.earliestDeadline()).hasValue(1_500);
    assertThat(clock.isWaitingAt(1_200)).isFalse();

    clock.advance(200);
    // The woken waiter waits again, now since 1 200: until it does, nobody waits at 1 200.
    awaitCondition(() -> clock.isWaitingAt(1_200));
    assertThat(clock.isWaitingAt(1_000)).isFalse();

    clock.advance(300);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(clock.isWaitingAt(1_500)).isFalse();
    assertThat(clock.earliestDeadline()).isEmpty();
  }

  @Test
  void anAdvanceByNothingStillEndsTheWaitItWoke() throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    Thread t = waiter(2_000, done);
    awaitCondition(() -> clock.isWaitingAt(1_000));
    synchronized (monitor) {
      // Holding the monitor keeps the woken waiter from waiting again: the old wait must not count.
      clock.advance(0);
      assertThat(clock.isWaitingAt(1_000)).isFalse();
    }
    awaitCondition(() -> clock.isWaitingAt(1_000));
    clock.advance(1_000);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    t.join();
  }

  private static void awaitCondition(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("the condition held within 10 s").isLessThan(deadline);
      TimeUnit.MILLISECONDS.sleep(5);
    }
  }
}
