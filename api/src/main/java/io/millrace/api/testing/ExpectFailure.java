package io.millrace.api.testing;

import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@link StreamAction#expectFailure}: the running query fails, and its cause is of the class
 * expected, as in Spark's {@code ExpectFailure}. A query that does all it can without failing
 * fails the step at once rather than after a timeout.
 */
final class ExpectFailure extends StreamAction {
  private final Class<? extends Throwable> causeClass;
  private final String messageContains;
  private final Consumer<Throwable> check;

  ExpectFailure(Class<? extends Throwable> causeClass, String messageContains, Consumer<Throwable> check) {
    this.causeClass = causeClass;
    this.messageContains = messageContains;
    this.check = check;
  }

  @Override
  boolean needsStartedQuery() {
    return true;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    StreamingQuery q = run.started(toString());
    try {
      awaitFailure(run, q);
      StreamingQueryException failure = q.exception().orElseThrow();
      Throwable cause = failure.getCause();
      if (cause == null || cause.getClass() != causeClass) {
        throw run.fail(this + ": the query failed, but with the cause "
            + (cause == null ? "null" : cause.getClass().getName()) + ", not " + causeClass.getName(), failure);
      }
      if (messageContains != null && (cause.getMessage() == null || !cause.getMessage().contains(messageContains))) {
        throw run.fail(this + ": the query failed with " + causeClass.getSimpleName() + ", but its message does not contain '"
            + messageContains + "'", failure);
      }
      check.accept(cause);
    } finally {
      if (!q.isActive()) {
        run.forgetFailedQuery();
      }
    }
  }

  /** Returns once {@code q} failed and ended; fails the step if it cannot fail any more without new input. */
  private void awaitFailure(StreamTestRun run, StreamingQuery q) throws Exception {
    Optional<ManualClock> clock = run.manualClock();
    if (clock.isPresent()) {
      run.awaitWaitingOnClock(q, clock.get());
      if (q.isActive()) {
        throw run.fail(this + ": the query did not fail; it waits on its manual clock at " + clock.get().millis() + " ms");
      }
    } else {
      try {
        run.blockingCall("the query to process its input", () -> {
          q.processAllAvailable();
          return null;
        });
      } catch (StreamingQueryException expected) {
        // The failure this step waits for; read back from the query below.
      }
    }
    if (q.exception().isEmpty()) {
      throw run.fail(this + ": the query did not fail; it processed all its input and "
          + (q.isActive() ? "runs on" : "stopped"));
    }
    boolean ended = run.blockingCall("the failed query to end", () -> {
      try {
        return q.awaitTermination(run.timeoutMillis());
      } catch (StreamingQueryException failure) {
        return true;
      }
    });
    if (!ended) {
      throw run.fail(this + ": the query failed but did not end", q.exception().get());
    }
  }

  @Override
  public String toString() {
    return "expectFailure(" + causeClass.getName() + (messageContains == null ? "" : ", \"" + messageContains + "\"") + ")";
  }
}
