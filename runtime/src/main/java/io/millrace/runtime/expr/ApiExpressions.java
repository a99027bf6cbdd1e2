package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.api.plan.ColumnNode;
import io.millrace.api.plan.Operator;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's expression for an unresolved expression of the user API: the API names
 * functions and operators, this gives each its meaning (the same {@link FunctionRegistry} that
 * SQL text calls). Nothing is bound here; the analyzer binds the result to its input schema.
 */
public final class ApiExpressions {

  private ApiExpressions() {
  }

  /**
   * The expression {@code node} describes.
   *
   * @throws AnalysisException for SQL text that does not parse, an unknown function, or
   *     arguments that do not fit one
   */
  public static Expression of(ColumnNode node) {
    if (node instanceof ColumnNode.ColumnReference ref) {
      // col("*") and col("data.*") stand for several columns, as in Spark.
      return ref.name().equals("*") ? new Star(null)
          : ref.name().endsWith(".*") ? new Star(new ColumnRef(ref.name().substring(0, ref.name().length() - 2)))
          : new ColumnRef(ref.name());
    } else if (node instanceof ColumnNode.Literal lit) {
      return Literal.from(lit.value());
    } else if (node instanceof ColumnNode.SqlExpression sql) {
      return sql.named() ? ExpressionParser.parseNamedExpression(sql.text()) : ExpressionParser.parseExpression(sql.text());
    } else if (node instanceof ColumnNode.Alias alias) {
      return new Alias(of(alias.child()), alias.name());
    } else if (node instanceof ColumnNode.MultiAlias multi) {
      return new MultiAlias(of(multi.child()), multi.names());
    } else if (node instanceof ColumnNode.Cast cast) {
      return new Cast(of(cast.child()), cast.type());
    } else if (node instanceof ColumnNode.CaseWhen caseWhen) {
      return caseWhen(caseWhen);
    } else if (node instanceof ColumnNode.LambdaFunction lambda) {
      return new Lambda(lambda.parameters(), of(lambda.body()));
    } else if (node instanceof ColumnNode.Extract extract) {
      return new ExtractValue(of(extract.child()), extract.key() == null ? null : of(extract.key()), extract.field());
    } else if (node instanceof ColumnNode.Call call) {
      Operator op = Operator.named(call.name());
      return op != null ? operator(op, call) : function(call);
    } else if (node instanceof ColumnNode.Star) {
      return new Star(null);
    }
    throw new IllegalStateException("unknown column node " + node.getClass().getName());
  }

  /** The expressions of {@code nodes}, in order. */
  public static List<Expression> of(List<ColumnNode> nodes) {
    List<Expression> out = new ArrayList<>(nodes.size());
    for (ColumnNode n : nodes) {
      out.add(of(n));
    }
    return out;
  }

  private static Expression caseWhen(ColumnNode.CaseWhen node) {
    CaseWhen result = CaseWhen.of(of(node.conditions().get(0)), of(node.values().get(0)));
    for (int i = 1; i < node.conditions().size(); i++) {
      result = result.withBranch(of(node.conditions().get(i)), of(node.values().get(i)));
    }
    return node.hasElse() ? result.withElse(of(node.elseValue())) : result;
  }

  private static Expression operator(Operator op, ColumnNode.Call call) {
    List<Expression> a = of(call.arguments());
    switch (op) {
      case PLUS: return new Arithmetic(Arithmetic.Op.ADD, a.get(0), a.get(1));
      case MINUS: return new Arithmetic(Arithmetic.Op.SUBTRACT, a.get(0), a.get(1));
      case MULTIPLY: return new Arithmetic(Arithmetic.Op.MULTIPLY, a.get(0), a.get(1));
      case DIVIDE: return new Arithmetic(Arithmetic.Op.DIVIDE, a.get(0), a.get(1));
      case REMAINDER: return new Arithmetic(Arithmetic.Op.REMAINDER, a.get(0), a.get(1));
      case EQ: return new Comparison(Comparison.Op.EQ, a.get(0), a.get(1));
      case NE: return new Comparison(Comparison.Op.NE, a.get(0), a.get(1));
      case LT: return new Comparison(Comparison.Op.LT, a.get(0), a.get(1));
      case LE: return new Comparison(Comparison.Op.LE, a.get(0), a.get(1));
      case GT: return new Comparison(Comparison.Op.GT, a.get(0), a.get(1));
      case GE: return new Comparison(Comparison.Op.GE, a.get(0), a.get(1));
      case EQ_NULL_SAFE: return new Comparison(Comparison.Op.EQ_NULL_SAFE, a.get(0), a.get(1));
      case AND: return new Logical(Logical.Op.AND, a.get(0), a.get(1));
      case OR: return new Logical(Logical.Op.OR, a.get(0), a.get(1));
      case NEGATE: return new Negate(a.get(0));
      case NOT: return new Not(a.get(0));
      case IS_NULL: return new NullCheck(a.get(0), false);
      case IS_NOT_NULL: return new NullCheck(a.get(0), true);
      case BETWEEN: return new Between(a.get(0), a.get(1), a.get(2));
      case IN: return new In(a.get(0), a.subList(1, a.size()));
      case LIKE: return new Like(a.get(0), a.get(1));
      default: throw new IllegalStateException("no meaning for operator " + op);
    }
  }

  private static Expression function(ColumnNode.Call call) {
    String name = call.name();
    if (name.equalsIgnoreCase("count") && call.arguments().size() == 1 && call.arguments().get(0) instanceof ColumnNode.Star) {
      // count(*): rows, nulls included, as SQL text's count(*) gives.
      return new AggregateCall(AggregateCall.Function.COUNT, null, "count(1)");
    }
    if (!FunctionRegistry.isKnown(name)) {
      throw new AnalysisException(FunctionRegistry.unknown(name));
    }
    List<Expression> args = of(call.arguments());
    try {
      return FunctionRegistry.call(name, args);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException(e.getMessage(), e);
    }
  }
}
