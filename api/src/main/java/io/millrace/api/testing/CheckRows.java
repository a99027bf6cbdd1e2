package io.millrace.api.testing;

import io.millrace.spi.data.Row;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** {@link StreamAction#checkAnswer} and its kin: the sink's rows against the expected ones. */
final class CheckRows extends StreamAction {

  /** Which of the sink's rows a check looks at. */
  enum Scope {
    /** What the sink holds: Spark's {@code CheckAnswer}. */
    ALL("checkAnswer"),
    /** The latest batch: Spark's {@code CheckLastBatch}. */
    LAST_BATCH("checkLastBatch"),
    /** The batches since the previous check: Spark's {@code CheckNewAnswer}. */
    NEW("checkNewAnswer");

    private final String action;

    Scope(String action) {
      this.action = action;
    }
  }

  private final Scope scope;
  private final boolean ordered;
  private final List<Row> expected;
  /** The test's own check of the rows, in place of {@link #expected}; null for the expected rows. */
  private final Consumer<List<Row>> check;

  CheckRows(Scope scope, boolean ordered, List<Row> expected) {
    this.scope = scope;
    this.ordered = ordered;
    this.expected = expected;
    this.check = null;
  }

  CheckRows(Scope scope, Consumer<List<Row>> check) {
    this.scope = scope;
    this.ordered = false;
    this.expected = List.of();
    this.check = check;
  }

  @Override
  boolean needsStartedQuery() {
    return true;
  }

  @Override
  void perform(StreamTestRun run) throws Exception {
    run.awaitProcessed();
    long previous = run.takeLastCheckedBatchId();
    List<Row> actual = switch (scope) {
      case ALL -> run.sink().allRows();
      case LAST_BATCH -> run.sink().lastBatch();
      case NEW -> run.sink().rowsAfter(previous);
    };
    if (check != null) {
      check.accept(List.copyOf(actual));
      return;
    }
    RowsDiff.compare(expected, actual, ordered).ifPresent(diff -> {
      throw run.fail(this + " failed: the query's " + what() + " are not the expected rows"
          + (ordered ? "" : " (compared in any order)") + "\n" + diff);
    });
  }

  private String what() {
    return switch (scope) {
      case ALL -> "rows";
      case LAST_BATCH -> "last batch's rows";
      case NEW -> "rows since the previous check";
    };
  }

  @Override
  public String toString() {
    if (check != null) {
      return scope.action + "(<a check of the test's own>)";
    }
    return scope.action + (ordered ? "InOrder" : "") + "("
        + expected.stream().map(Row::toString).collect(Collectors.joining(", ")) + ")";
  }
}
