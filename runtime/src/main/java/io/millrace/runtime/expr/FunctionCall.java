package io.millrace.runtime.expr;

import java.util.List;
import java.util.StringJoiner;

/** Base of expressions written as a function call, {@code name(arg, ...)}, in SQL text. */
abstract class FunctionCall extends Expression {
  private final String name;
  final List<Expression> args;

  FunctionCall(String name, List<Expression> args) {
    this.name = name;
    this.args = List.copyOf(args);
  }

  /** The function's SQL name, as {@link FunctionRegistry} knows it. */
  public String functionName() {
    return name;
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    StringJoiner text = new StringJoiner(", ", name + "(", ")");
    args.forEach(a -> text.add(a.toString()));
    return text.toString();
  }
}
