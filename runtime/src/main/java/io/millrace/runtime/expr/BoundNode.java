package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;

/** Base of bound expressions whose type and nullability are fixed when they are bound. */
abstract class BoundNode implements BoundExpression {
  private final DataType type;
  private final boolean nullable;

  BoundNode(DataType type, boolean nullable) {
    this.type = type;
    this.nullable = nullable;
  }

  @Override
  public final DataType type() {
    return type;
  }

  @Override
  public final boolean nullable() {
    return nullable;
  }
}
