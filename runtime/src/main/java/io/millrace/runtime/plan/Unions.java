package io.millrace.runtime.plan;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves a union: every input must have the first input's columns, by position
 * ({@code union}) or by name ({@code unionByName}, which reorders the other inputs' columns into
 * the first one's order). Types must be equal; a column is nullable when it is in any input.
 */
final class Unions {
  private Unions() {}

  static ResolvedPlan resolve(List<ResolvedPlan> inputs, boolean byName) {
    Schema first = inputs.get(0).schema();
    String op = byName ? "unionByName" : "union";
    List<ResolvedPlan> aligned = new ArrayList<>();
    aligned.add(inputs.get(0));
    boolean[] nullable = new boolean[first.size()];
    for (int j = 0; j < first.size(); j++) {
      nullable[j] = first.field(j).nullable();
    }
    for (int i = 1; i < inputs.size(); i++) {
      ResolvedPlan input = byName ? byName(inputs.get(i), first, i) : inputs.get(i);
      Schema schema = input.schema();
      if (schema.size() != first.size()) {
        throw new AnalysisException(op + ": input " + (i + 1) + " has " + schema.size() + " column(s) "
            + schema.names() + " but input 1 has " + first.size() + " " + first.names()
            + "; union matches columns by position, unionByName by name");
      }
      for (int j = 0; j < first.size(); j++) {
        if (!schema.field(j).type().equals(first.field(j).type())) {
          throw new AnalysisException(op + ": column " + (j + 1) + " ('" + first.field(j).name() + "') is "
              + first.field(j).type() + " in input 1 but " + schema.field(j).type() + " ('" + schema.field(j).name()
              + "') in input " + (i + 1) + "; cast one of them");
        }
        nullable[j] |= schema.field(j).nullable();
      }
      aligned.add(input);
    }
    List<Field> fields = new ArrayList<>();
    for (int j = 0; j < first.size(); j++) {
      fields.add(new Field(first.field(j).name(), first.field(j).type(), nullable[j]));
    }
    return new ResolvedPlan.Union(aligned, Schema.of(fields), inputs.get(0).eventTime());
  }

  /** {@code input} with its columns in {@code first}'s order, found by name. */
  private static ResolvedPlan byName(ResolvedPlan input, Schema first, int position) {
    Schema schema = input.schema();
    List<String> missing = new ArrayList<>();
    List<String> extra = new ArrayList<>(schema.names());
    int[] from = new int[first.size()];
    boolean identity = schema.size() == first.size();
    for (int j = 0; j < first.size(); j++) {
      from[j] = schema.indexOf(first.field(j).name());
      if (from[j] < 0) {
        missing.add(first.field(j).name());
      }
      extra.remove(first.field(j).name());
      identity &= from[j] == j;
    }
    if (!missing.isEmpty() || !extra.isEmpty()) {
      throw new AnalysisException("unionByName: input " + (position + 1) + " has columns " + schema.names()
          + " and input 1 has " + first.names() + (missing.isEmpty() ? "" : "; input " + (position + 1)
          + " lacks " + missing) + (extra.isEmpty() ? "" : "; input 1 lacks " + extra));
    }
    if (identity) {
      return input;
    }
    List<Field> fields = new ArrayList<>();
    for (int j = 0; j < from.length; j++) {
      fields.add(schema.field(from[j]));
    }
    return new ResolvedPlan.Stateless(input, "Reorder", first.names().toString(), (row, context) -> {
      Object[] values = new Object[from.length];
      for (int j = 0; j < from.length; j++) {
        values[j] = row.get(from[j]);
      }
      return Row.wrap(values);
    }, Schema.of(fields), input.eventTime(), ResolvedPlan.WatermarkRole.PROJECTION);
  }
}
