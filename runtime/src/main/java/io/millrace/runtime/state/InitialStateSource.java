package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * The rows of a static dataset that a transformWithState or [flat]MapGroupsWithState starts its
 * state from: the analyzer makes it from the static table and the stateless steps over it.
 */
public interface InitialStateSource {
  /** The rows' schema. */
  Schema schema();

  /** What it reads, for plans and errors. */
  String description();

  /** Its rows as the running batch sees the table (read once per batch that asks). */
  List<Row> rows(EvalContext context);
}
