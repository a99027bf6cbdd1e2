package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.util.List;

/**
 * A function call with {@code *} or {@code x.*} among its arguments, {@code struct(*)}: which
 * columns the star stands for is known only once the input is, so the call is made when bound.
 */
final class StarArguments extends FunctionCall {

  StarArguments(String name, List<Expression> args) {
    super(name, args);
  }

  @Override
  public BoundExpression bind(Schema input) {
    Expression call;
    try {
      call = FunctionRegistry.call(functionName(), Star.expandAll(args, input));
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("cannot resolve '" + this + "': " + e.getMessage(), e);
    }
    return call.bind(input);
  }
}
