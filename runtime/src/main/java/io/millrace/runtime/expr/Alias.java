package io.millrace.runtime.expr;

import io.millrace.spi.data.Schema;

/**
 * Gives an expression its output name, as {@code amount * 2 AS doubled} does. Naming changes
 * nothing about evaluation, so binding an alias binds its child.
 */
public final class Alias extends Expression {
  private final Expression child;
  private final String name;

  public Alias(Expression child, String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("an alias needs a non-empty name");
    }
    this.child = child;
    this.name = name;
  }

  /** The output name. */
  public String name() {
    return name;
  }

  public Expression child() {
    return child;
  }

  @Override
  public BoundExpression bind(Schema input) {
    return child.bind(input);
  }

  @Override
  public String defaultName() {
    return name;
  }

  @Override
  public String toString() {
    return child + " AS " + SqlText.identifier(name);
  }
}
