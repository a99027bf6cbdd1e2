package io.millrace.api.testing;

import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.spi.data.Row;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One step of a {@link StreamTest}, made by the static methods here, which are Spark's
 * {@code StreamTest} actions with Java names: {@code AddData} is {@link #addData}, {@code
 * CheckAnswer} is {@link #checkAnswer}, and so on. Import them with
 * {@code import static io.millrace.api.testing.StreamAction.*;}.
 */
public abstract class StreamAction {

  StreamAction() {}

  /** Does the step; throws {@link StreamTestRun#fail} to fail the test. */
  abstract void perform(StreamTestRun run) throws Exception;

  /**
   * Whether the step needs a started query (Spark's {@code StreamMustBeRunning}): a test whose
   * first such step comes before any {@link #startStream} starts the query itself, first.
   */
  boolean needsStartedQuery() {
    return false;
  }

  /** How the step reads in the action list of a failure message. */
  @Override
  public abstract String toString();

  // ---- input ----------------------------------------------------------------------------

  /**
   * Appends {@code rows} to {@code stream}. When the query runs on a manual clock, it first waits
   * until the query waits on the clock, so that the rows go to the batch the next
   * {@link #advanceManualClock} starts, never to one already under way.
   */
  public static StreamAction addData(MemoryStream stream, Row... rows) {
    return addData(stream, Arrays.asList(rows));
  }

  /** {@link #addData(MemoryStream, Row...)} with a list. */
  public static StreamAction addData(MemoryStream stream, List<Row> rows) {
    return new AddData(Objects.requireNonNull(stream, "stream"), List.copyOf(rows));
  }

  // ---- checks ---------------------------------------------------------------------------

  /**
   * Waits until the query has processed every row added so far (with the machine's clock,
   * {@code processAllAvailable()}; with a manual clock, until the query waits on the clock),
   * then checks what the sink holds against {@code rows}, in any order: in complete mode the
   * latest batch, the whole result; in append and update mode the rows of every batch so far.
   */
  public static StreamAction checkAnswer(Row... rows) {
    return new CheckRows(CheckRows.Scope.ALL, false, List.of(rows));
  }

  /** {@link #checkAnswer}, and the rows must come in this order. */
  public static StreamAction checkAnswerInOrder(Row... rows) {
    return new CheckRows(CheckRows.Scope.ALL, true, List.of(rows));
  }

  /**
   * Like {@link #checkAnswer(Row...)}, but the test checks the rows itself: {@code check} gets
   * them and fails by throwing, e.g. with an assertion.
   */
  public static StreamAction checkAnswer(Consumer<List<Row>> check) {
    return new CheckRows(CheckRows.Scope.ALL, Objects.requireNonNull(check, "check"));
  }

  /** Like {@link #checkAnswer}, against the latest batch's rows only. */
  public static StreamAction checkLastBatch(Row... rows) {
    return new CheckRows(CheckRows.Scope.LAST_BATCH, false, List.of(rows));
  }

  /** Like {@link #checkAnswer(Consumer)}, with the latest batch's rows only. */
  public static StreamAction checkLastBatch(Consumer<List<Row>> check) {
    return new CheckRows(CheckRows.Scope.LAST_BATCH, Objects.requireNonNull(check, "check"));
  }

  /** {@link #checkLastBatch}, and the rows must come in this order. */
  public static StreamAction checkLastBatchInOrder(Row... rows) {
    return new CheckRows(CheckRows.Scope.LAST_BATCH, true, List.of(rows));
  }

  /**
   * Like {@link #checkAnswer}, against the rows of the batches written since the previous check
   * of any kind; with no rows, checks that nothing new was written.
   */
  public static StreamAction checkNewAnswer(Row... rows) {
    return new CheckRows(CheckRows.Scope.NEW, false, List.of(rows));
  }

  // ---- the query's life -----------------------------------------------------------------

  /** Starts the query with the default trigger; see {@link #startStream(Trigger)}. */
  public static StreamAction startStream() {
    return new StartStream(Trigger.defaultTrigger(), null);
  }

  /**
   * Starts the query, or starts it again on the same checkpoint after {@link #stopStream} or
   * {@link #expectFailure}: a real restart, which resumes from the offsets, state and commits
   * the last run left. It fails if the query is already running.
   */
  public static StreamAction startStream(Trigger trigger) {
    return new StartStream(Objects.requireNonNull(trigger, "trigger"), null);
  }

  /**
   * {@link #startStream(Trigger)}, saying which clock drives the trigger; it must be the clock of
   * the dataset's session ({@code MillraceSession.builder().clock(clock)}), since the session's
   * queries read no other.
   */
  public static StreamAction startStream(Trigger trigger, ManualClock clock) {
    return new StartStream(Objects.requireNonNull(trigger, "trigger"), Objects.requireNonNull(clock, "clock"));
  }

  /** Stops the query, which must be running, and checks that it stopped cleanly. */
  public static StreamAction stopStream() {
    return new StopStream();
  }

  /**
   * Waits until the query waits on its session's manual clock, then moves the clock forward by
   * {@code millis}: never earlier, or the advance could come before the query read the time and
   * the trigger it was meant to fire would not fire.
   */
  public static StreamAction advanceManualClock(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("a clock does not move back: " + millis);
    }
    return new AdvanceManualClock(millis);
  }

  /**
   * Expects the running query to fail while it processes what it was given: its failure's
   * cause must be of exactly the class {@code cause}. It fails if the query processes all its
   * input (or waits on its manual clock) without failing.
   */
  public static StreamAction expectFailure(Class<? extends Throwable> cause) {
    return new ExpectFailure(cause, null, t -> {});
  }

  /** {@link #expectFailure(Class)}, and the cause's message must contain {@code messageContains}. */
  public static StreamAction expectFailure(Class<? extends Throwable> cause, String messageContains) {
    return new ExpectFailure(cause, Objects.requireNonNull(messageContains, "messageContains"), t -> {});
  }

  /** {@link #expectFailure(Class)}, then {@code check} on the cause (an assertion of the test's own). */
  public static StreamAction expectFailure(Class<? extends Throwable> cause, Consumer<Throwable> check) {
    return new ExpectFailure(cause, null, Objects.requireNonNull(check, "check"));
  }

  // ---- the test's own code --------------------------------------------------------------

  /** Fails with {@code message} unless {@code condition} holds for the query (the last one, if it stopped). */
  public static StreamAction assertOnQuery(Predicate<StreamingQuery> condition, String message) {
    Objects.requireNonNull(condition, "condition");
    return new OnQuery("assertOnQuery(" + message + ")", q -> {
      if (!condition.test(q)) {
        throw new AssertionError("assertOnQuery failed: " + message);
      }
    });
  }

  /** Runs {@code body} on the query (the last one, if it stopped); what it throws fails the test. */
  public static StreamAction execute(String name, QueryBody body) {
    return new OnQuery("execute(" + name + ")", Objects.requireNonNull(body, "body"));
  }

  /** {@link #execute(String, QueryBody)} without a name. */
  public static StreamAction execute(QueryBody body) {
    return execute("", body);
  }

  /**
   * Waits until the query has processed every row added so far, as a check does before it
   * looks: {@code processAllAvailable()}, or, on a manual clock, until the query waits on it.
   */
  public static StreamAction processAllAvailable() {
    return new ProcessAllAvailable();
  }

  /** Test code run on the query; it may throw. */
  @FunctionalInterface
  public interface QueryBody {
    void accept(StreamingQuery query) throws Exception;
  }
}
