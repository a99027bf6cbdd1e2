package io.millrace.runtime.expr;

/** A bound expression that is one column of its input row as it is: the row's value at {@link #index()}. */
public interface BoundColumn extends BoundExpression {
  int index();
}
