package io.millrace.tck.storage;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reader threads that repeat one observation until stopped, for rules that read while another
 * thread writes. The first failed observation is kept and reported by {@link #stop}. The
 * writer paces itself on {@link #awaitObservationsAbove}, so that reads provably happen
 * between its steps without any sleep.
 */
final class ConcurrentReaders {

  /** One look at the storage; throws {@link AssertionError} if what it saw breaks the rule. */
  interface Observation {
    void observe() throws Exception;
  }

  private final List<Thread> threads = new ArrayList<>();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong observations = new AtomicLong();
  private final AtomicReference<Throwable> firstProblem = new AtomicReference<>();

  /** Starts {@code count} daemon threads repeating {@code observation}. */
  ConcurrentReaders(int count, String name, Observation observation) {
    for (int i = 0; i < count; i++) {
      Thread thread = new Thread(() -> loop(observation), name + "-reader-" + i);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  private void loop(Observation observation) {
    while (running.get() && firstProblem.get() == null) {
      try {
        observation.observe();
      } catch (Throwable t) {
        firstProblem.compareAndSet(null, t);
        return;
      }
      observations.incrementAndGet();
    }
  }

  /** How many observations completed so far. */
  long observations() {
    return observations.get();
  }

  /** Waits (bounded) until more than {@code count} observations completed or one failed. */
  void awaitObservationsAbove(long count, Duration timeout, String rule) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (observations.get() <= count && firstProblem.get() == null) {
      if (System.nanoTime() > deadline) {
        fail(rule + " the reader threads made no progress within " + timeout.toMillis() + " ms (a read is blocked?)");
      }
      Thread.onSpinWait();
    }
  }

  /** Stops the readers and rethrows the first failed observation, if any. */
  void stop(Duration timeout, String rule) throws InterruptedException {
    running.set(false);
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Thread thread : threads) {
      TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
      if (thread.isAlive()) {
        fail(rule + " a reader thread did not finish its read within " + timeout.toMillis() + " ms");
      }
    }
    Throwable problem = firstProblem.get();
    if (problem instanceof AssertionError error) {
      throw error;
    }
    if (problem != null) {
      throw new AssertionError(rule + " a concurrent read failed: " + problem, problem);
    }
  }
}
