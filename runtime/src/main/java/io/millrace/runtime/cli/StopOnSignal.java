package io.millrace.runtime.cli;

import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops {@code millrace run}'s query when the JVM is asked to exit (Ctrl-C, SIGTERM). A
 * shutdown hook asks the query to stop, so the batch in flight finishes and commits, then
 * waits for the command to print what it prints at the end (the {@code --show} table). Both
 * waits share one bound: what has not finished by then is abandoned, as a crash would leave
 * it, and the next run replays the batch exactly once. The JVM then exits with 128 + the
 * signal's number, as the shell reports a process a signal ended: 130 for Ctrl-C, 143 for
 * SIGTERM.
 */
final class StopOnSignal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StopOnSignal.class);
  /** How long a signalled stop waits for the batch in flight, the clean-up and the last output. */
  static final Duration BOUND = Duration.ofSeconds(30);

  private final PrintWriter out;
  private final Thread hook;
  private final CountDownLatch commandDone = new CountDownLatch(1);
  private StreamingQuery query;
  private boolean signalled;

  private StopOnSignal(PrintWriter out) {
    this.out = out;
    this.hook = new Thread(this::onExit, "millrace-stop-on-signal");
  }

  /** Installs the hook; call {@link #started} once the query runs and {@link #close} when the command is done. */
  static StopOnSignal install(PrintWriter out) {
    StopOnSignal stop = new StopOnSignal(out);
    Runtime.getRuntime().addShutdownHook(stop.hook);
    return stop;
  }

  /** The query to stop; stopped at once if the signal came while it was starting. */
  void started(StreamingQuery started) {
    boolean stopNow;
    synchronized (this) {
      query = started;
      stopNow = signalled;
    }
    if (stopNow) {
      started.stop();
    }
  }

  /**
   * Whether the query stopped because the JVM is exiting. Removes the hook otherwise; once the
   * JVM has begun to exit, the hook can no longer be removed, and that is the answer.
   */
  boolean stoppedBySignal() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
      return false;
    } catch (IllegalStateException exiting) {
      return true;
    }
  }

  /** The command printed all it prints: the JVM may exit (and a normal exit no longer runs the hook). */
  @Override
  public void close() {
    stoppedBySignal();
    commandDone.countDown();
  }

  private void onExit() {
    long deadline = System.nanoTime() + BOUND.toNanos();
    StreamingQuery running;
    synchronized (this) {
      signalled = true;
      running = query;
    }
    out.printf("stopping: the process was asked to exit (Ctrl-C or SIGTERM); the batch in flight finishes first"
        + " (waiting up to %d s)%n", BOUND.toSeconds());
    out.flush();
    LOG.info("The process was asked to exit: stopping query {}", running == null ? "(starting)" : running.id());
    if (running != null) {
      Thread stopper = new Thread(running::stop, "millrace-stop");
      stopper.setDaemon(true);
      stopper.start();
      if (!stopped(running, deadline)) {
        LOG.warn("Query {} did not stop within {} s: the batch in flight is abandoned; the next run on this "
            + "checkpoint runs it again, and an exactly-once sink writes it once", running.id(), BOUND.toSeconds());
      }
    }
    try {
      commandDone.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean stopped(StreamingQuery query, long deadline) {
    try {
      return query.awaitTermination(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    } catch (StreamingQueryException failed) {
      return true; // it ended; the command reports the failure
    }
  }
}
