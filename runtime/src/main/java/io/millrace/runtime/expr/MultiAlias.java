package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.StringJoiner;

/**
 * Names the columns of a generator that makes several, as {@code posexplode(a) AS (p, v)} or
 * {@code .as(new String[] {"p", "v"})} do. Only a generator has several columns, so binding one
 * as an ordinary expression is an error.
 */
public final class MultiAlias extends Expression {
  private final Expression child;
  private final List<String> names;

  public MultiAlias(Expression child, List<String> names) {
    if (names.isEmpty() || names.stream().anyMatch(n -> n == null || n.isEmpty())) {
      throw new IllegalArgumentException("an alias of several names needs non-empty names, but got " + names);
    }
    this.child = child;
    this.names = List.copyOf(names);
  }

  public Expression child() {
    return child;
  }

  public List<String> names() {
    return names;
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException("'" + this + "' names several columns, which only a generator such as posexplode "
        + "makes, as a whole column of select; " + child + " is no generator");
  }

  @Override
  public String defaultName() {
    return names.get(0);
  }

  @Override
  public String toString() {
    StringJoiner text = new StringJoiner(", ", child + " AS (", ")");
    names.forEach(n -> text.add(SqlText.identifier(n)));
    return text.toString();
  }
}
