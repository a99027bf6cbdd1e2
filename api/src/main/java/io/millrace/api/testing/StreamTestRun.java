package io.millrace.api.testing;

import io.millrace.api.DataStreamWriter;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import io.millrace.api.Trigger;
import io.millrace.spi.sink.OutputMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * One run of a {@link StreamTest}: the steps, the query of the moment and the one before, the
 * sink and the checkpoint they share. Steps call back into it to start, stop and wait for the
 * query, and to fail with the whole picture.
 */
final class StreamTestRun implements AutoCloseable {
  // System.Logger, as plugins log: the API brings no logging library of its own.
  private static final System.Logger LOG = System.getLogger(StreamTestRun.class.getName());
  private static final long POLL_MILLIS = 5;

  private final Dataset dataset;
  private final MillraceSession session;
  private final OutputMode outputMode;
  private final Duration timeout;
  private final String queryName;
  private final List<StreamAction> steps;
  private final SinkBatches sink;
  private final Path directory;
  private final ExecutorService blocking;

  private int position;
  private StreamingQuery current;
  private StreamingQuery last;
  private Trigger trigger;
  private long lastCheckedBatchId = -1;

  StreamTestRun(Dataset dataset, OutputMode outputMode, Duration timeout, String queryName, List<StreamAction> steps) {
    this.dataset = dataset;
    this.session = dataset.session();
    this.outputMode = outputMode;
    this.timeout = timeout;
    this.queryName = queryName;
    this.steps = steps;
    this.sink = new SinkBatches(outputMode);
    try {
      this.directory = Files.createTempDirectory("millrace-streamtest-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the stream test's temporary checkpoint directory", e);
    }
    this.blocking = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "millrace-streamtest-wait");
      t.setDaemon(true);
      return t;
    });
  }

  void runAll() {
    for (position = 0; position < steps.size(); position++) {
      StreamAction step = steps.get(position);
      LOG.log(System.Logger.Level.INFO, "Stream test step {0}: {1}", position + 1, step);
      try {
        step.perform(this);
      } catch (StreamTestFailure f) {
        throw f;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw fail(step + " was interrupted", e);
      } catch (Exception | AssertionError e) {
        throw fail(step + " failed", e);
      }
    }
    if (current != null && current.exception().isPresent()) {
      throw fail("the query failed after the last step, and no expectFailure expected it", current.exception().get());
    }
  }

  // ---- what steps use -------------------------------------------------------------------

  SinkBatches sink() {
    return sink;
  }

  /** The session's clock, if it is a manual one. */
  Optional<ManualClock> manualClock() {
    return session.clock() instanceof ManualClock manual ? Optional.of(manual) : Optional.empty();
  }

  /** The query started last, if it was not stopped since. */
  Optional<StreamingQuery> current() {
    return Optional.ofNullable(current);
  }

  /** The query started last, running or not, for steps that look at it. */
  StreamingQuery latestQuery(String step) {
    StreamingQuery q = current != null ? current : last;
    if (q == null) {
      throw fail(step + " needs a query, but none was started");
    }
    return q;
  }

  /** The query of the moment; fails unless one was started and not stopped since. */
  StreamingQuery started(String step) {
    if (current == null) {
      throw fail(step + " needs a started query" + (last == null ? "" : "; the last one was stopped") + ": startStream() first");
    }
    return current;
  }

  void start(Trigger trigger, ManualClock clock) {
    if (current != null && current.isActive()) {
      throw fail("startStream: the query is already running; stopStream() first");
    }
    if (clock != null && clock != session.clock()) {
      throw fail("startStream was given " + clock + ", which is not the clock of the dataset's session ("
          + session.clock() + "); build the session with MillraceSession.builder().clock(clock)");
    }
    DataStreamWriter writer = dataset.writeStream().foreachBatch(sink).outputMode(outputMode).trigger(trigger)
        .option("checkpointLocation", directory.resolve("checkpoint").toString());
    if (queryName != null) {
      writer.queryName(queryName);
    }
    StreamingQuery started = writer.start();
    if (current != null) {
      last = current;
    }
    current = started;
    this.trigger = trigger;
  }

  void stop(String step) throws Exception {
    StreamingQuery q = started(step);
    try {
      blockingCall("the query to stop", () -> {
        q.stop();
        return null;
      });
    } finally {
      last = q;
      current = null;
    }
    if (q.isActive()) {
      throw fail("the query is still active after stop()");
    }
    if (q.exception().isPresent()) {
      throw fail("the query had failed before " + step + "; expect that with expectFailure", q.exception().get());
    }
  }

  /** The query failed or stopped, expected by the step calling: it is the last query now. */
  void forgetFailedQuery() {
    last = current;
    current = null;
  }

  /**
   * Waits until the running query has done all it can with the input it has: on the machine's
   * clock, {@code processAllAvailable()}; on a manual clock, until the query waits on the
   * clock at its current time (Spark waits for the added offsets there; waiting for the clock
   * also covers batches without data). Fails if the query failed.
   */
  void awaitProcessed() throws Exception {
    if (current == null) {
      return; // stopped: what the sink holds is final
    }
    StreamingQuery q = current;
    Optional<ManualClock> clock = manualClock();
    if (clock.isPresent()) {
      awaitWaitingOnClock(q, clock.get());
    } else if (q.isActive()) {
      try {
        blockingCall("processAllAvailable()", () -> {
          q.processAllAvailable();
          return null;
        });
      } catch (StreamingQueryException e) {
        // Reported below from the query itself.
      }
    }
    if (q.exception().isPresent()) {
      throw fail("the query failed", q.exception().get());
    }
  }

  /** Waits until {@code q} waits on {@code clock} at its current time, or stops. */
  void awaitWaitingOnClock(StreamingQuery q, ManualClock clock) throws InterruptedException {
    awaitCondition("the query to wait on its manual clock at " + clock.millis() + " ms",
        () -> !q.isActive() || clock.isWaitingAt(clock.millis()));
  }

  /** Polls {@code condition} until it holds; fails after the timeout. */
  void awaitCondition(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw fail("timed out after " + timeout.toMillis() + " ms waiting for " + what + queryThreads());
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
    }
  }

  /** Runs {@code call} on another thread and waits up to the timeout; rethrows what it threw. */
  <T> T blockingCall(String what, Callable<T> call) throws Exception {
    Future<T> result = blocking.submit(call);
    try {
      return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      String threads = queryThreads(); // before the cancel wakes them
      result.cancel(true);
      throw fail("timed out after " + timeout.toMillis() + " ms waiting for " + what + threads);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception ex) {
        throw ex;
      }
      throw (Error) cause;
    }
  }

  long timeoutMillis() {
    return timeout.toMillis();
  }

  /** The id of the last batch a check looked at, and from now on the latest batch written. */
  long takeLastCheckedBatchId() {
    long previous = lastCheckedBatchId;
    lastCheckedBatchId = sink.latestBatchId();
    return previous;
  }

  // ---- failing --------------------------------------------------------------------------

  StreamTestFailure fail(String message) {
    return fail(message, null);
  }

  StreamTestFailure fail(String message, Throwable cause) {
    StringBuilder text = new StringBuilder(message);
    if (cause != null) {
      text.append(": ").append(FailureText.exception(cause));
    }
    text.append('\n').append(state(cause));
    return new StreamTestFailure(text.toString(), cause);
  }

  /** The picture a failure message gives, as Spark's {@code testState}; {@code shown} is already in the message. */
  private String state(Throwable shown) {
    StringBuilder out = new StringBuilder();
    out.append("\n== Steps ==\n");
    for (int i = 0; i < steps.size(); i++) {
      out.append(i == position ? "=> " : "   ").append(steps.get(i)).append('\n');
    }
    out.append("\n== Query ==\n");
    out.append("output mode: ").append(outputMode.name().toLowerCase(Locale.ROOT))
        .append("; checkpoint: ").append(directory.resolve("checkpoint")).append('\n');
    StreamingQuery q = current != null ? current : last;
    if (q == null) {
      out.append("not started\n");
    } else {
      out.append(current == null ? "the last query" : "the query").append(": id ").append(q.id()).append(", run ")
          .append(q.runId()).append(", ").append(status(q)).append('\n');
      out.append("trigger: ").append(trigger).append("; clock: ").append(clockState()).append('\n');
    }
    out.append("\n== Sink: the batches the query wrote ==\n").append(sink.describe());
    if (q != null && q.lastProgress() != null) {
      out.append("\n== Last progress ==\n").append(q.lastProgress().prettyJson()).append('\n');
    }
    if (q != null && q.exception().isPresent() && q.exception().get() != shown) {
      out.append("\n== Query exception ==\n").append(FailureText.exception(q.exception().get())).append('\n');
    }
    return out.toString();
  }

  private static String status(StreamingQuery q) {
    if (q.exception().isPresent()) {
      return "failed";
    }
    return q.isActive() ? "running" : "stopped";
  }

  private String clockState() {
    Optional<ManualClock> clock = manualClock();
    if (clock.isEmpty()) {
      return "the machine's";
    }
    ManualClock c = clock.get();
    return c + c.earliestDeadline().stream().mapToObj(d -> ", waited on until " + d + " ms").findFirst()
        .orElse(", nobody waits on it");
  }

  private static String queryThreads() {
    StringBuilder out = new StringBuilder();
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      if (thread.getName().startsWith("millrace-query-")) {
        out.append("\n== Thread ").append(thread.getName()).append(" (").append(thread.getState()).append(") ==\n");
        for (int i = 0; i < Math.min(stack.length, 30); i++) {
          out.append("\tat ").append(stack[i]).append('\n');
        }
      }
    });
    return out.toString();
  }

  // ---- the end --------------------------------------------------------------------------

  /** Stops the query if it still runs and deletes the checkpoint; a failure here is only logged. */
  @Override
  public void close() {
    try {
      if (current != null && current.isActive()) {
        StreamingQuery q = current;
        blockingCall("the query to stop at the end of the test", () -> {
          q.stop();
          return null;
        });
      }
    } catch (Exception | AssertionError e) {
      LOG.log(System.Logger.Level.WARNING, "Stopping the query at the end of the stream test failed", e);
    } finally {
      blocking.shutdownNow();
      try {
        deleteRecursively(directory);
      } catch (IOException | UncheckedIOException e) {
        LOG.log(System.Logger.Level.WARNING, "Could not delete the stream test's checkpoint directory " + directory, e);
      }
    }
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (java.util.stream.Stream<Path> paths = Files.walk(directory)) {
      for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
