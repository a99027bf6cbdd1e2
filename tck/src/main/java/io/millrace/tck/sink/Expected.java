package io.millrace.tck.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;

/**
 * What a correct sink holds after the batches written so far: every batch's rows in append
 * and update mode, the last batch's rows in complete mode.
 */
final class Expected {
  private final OutputMode mode;
  private final List<List<Row>> batches = new ArrayList<>();

  Expected(OutputMode mode) {
    this.mode = mode;
  }

  void written(List<Row> batch) {
    batches.add(batch);
  }

  List<Row> rows() {
    if (mode == OutputMode.COMPLETE) {
      return batches.isEmpty() ? List.of() : batches.get(batches.size() - 1);
    }
    List<Row> rows = new ArrayList<>();
    batches.forEach(rows::addAll);
    return rows;
  }

  /** What a correct sink holds once {@code batch} is written too. */
  List<Row> rowsWith(List<Row> batch) {
    if (mode == OutputMode.COMPLETE) {
      return batch;
    }
    List<Row> rows = new ArrayList<>(rows());
    rows.addAll(batch);
    return rows;
  }
}
