package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * A column named by the user. It resolves to the field of exactly that name, else to the one
 * field whose name matches ignoring case, so {@code col("Amount")} finds {@code amount} as in
 * Spark's default case-insensitive analysis.
 */
public final class ColumnRef extends Expression {
  private final String name;

  public ColumnRef(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a column reference needs a name");
    }
    this.name = name;
  }

  public String name() {
    return name;
  }

  @Override
  public BoundExpression bind(Schema input) {
    int dot = name.indexOf('.');
    if (isFieldOfStruct(input)) {
      // col("window.start"), as Spark resolves it: the field of a struct column, when no column has the dotted name.
      return new ExtractValue(new ColumnRef(name.substring(0, dot)), null, name.substring(dot + 1)).bind(input);
    }
    int index = resolve(input);
    Field field = input.field(index);
    return new Bound(index, field);
  }

  /** Whether this names a field of a struct column ({@code window.start}): no column has the dotted name. */
  private boolean isFieldOfStruct(Schema input) {
    int dot = name.indexOf('.');
    return dot > 0 && dot < name.length() - 1 && input.indexOf(name) < 0 && !matchesIgnoringCase(input);
  }

  private boolean matchesIgnoringCase(Schema input) {
    return input.names().stream().anyMatch(n -> n.equalsIgnoreCase(name));
  }

  private int resolve(Schema input) {
    int exact = input.indexOf(name);
    if (exact >= 0) {
      return exact;
    }
    List<Integer> matches = new ArrayList<>();
    for (int i = 0; i < input.size(); i++) {
      if (input.field(i).name().equalsIgnoreCase(name)) {
        matches.add(i);
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    if (matches.isEmpty()) {
      throw new AnalysisException("cannot resolve column '" + name + "'; available columns: " + input.names());
    }
    List<String> candidates = new ArrayList<>();
    matches.forEach(i -> candidates.add(input.field(i).name()));
    throw new AnalysisException("column '" + name + "' is ambiguous: it matches " + candidates
        + " ignoring case; available columns: " + input.names());
  }

  @Override
  public String defaultName() {
    return name;
  }

  /** A struct's field is named by the field alone, as Spark names {@code col("window.start")} {@code start}. */
  @Override
  public String defaultName(Schema input) {
    return isFieldOfStruct(input) ? name.substring(name.lastIndexOf('.') + 1) : name;
  }

  @Override
  public String toString() {
    return SqlText.identifier(name);
  }

  private static final class Bound extends BoundNode implements BoundColumn {
    private final int index;

    Bound(int index, Field field) {
      super(field.type(), field.nullable());
      this.index = index;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return row.get(index);
    }
  }
}
