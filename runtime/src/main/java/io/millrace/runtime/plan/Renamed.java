package io.millrace.runtime.plan;

import io.millrace.runtime.expr.BoundExpression;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Schema;

/** An expression given a column name by {@code withColumn}. */
final class Renamed extends Expression {
  final Expression value;
  final String name;

  Renamed(Expression value, String name) {
    this.value = value;
    this.name = name;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return value.bind(input);
  }

  @Override
  public String defaultName() {
    return name;
  }

  @Override
  public String toString() {
    return value + " AS " + name;
  }
}
