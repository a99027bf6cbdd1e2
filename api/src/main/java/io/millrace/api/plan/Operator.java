package io.millrace.api.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The operators a {@code Column} offers, as {@link ColumnNode.Call} names them, with the SQL
 * text each prints. The engine gives each its SQL meaning; the names are this API's, stable.
 */
public enum Operator {
  PLUS("+"), MINUS("-"), MULTIPLY("*"), DIVIDE("/"), REMAINDER("%"),
  EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), EQ_NULL_SAFE("<=>"),
  AND("AND"), OR("OR"),
  NEGATE("negative"), NOT("not"), IS_NULL("isnull"), IS_NOT_NULL("isnotnull"),
  BETWEEN("between"), IN("in"), LIKE("like");

  private static final Map<String, Operator> BY_NAME = new HashMap<>();

  static {
    for (Operator op : values()) {
      BY_NAME.put(op.callName, op);
    }
  }

  private final String callName;

  Operator(String callName) {
    this.callName = callName;
  }

  /** The name a {@link ColumnNode.Call} of this operator has. */
  public String callName() {
    return callName;
  }

  /** A call of this operator. */
  public ColumnNode.Call call(ColumnNode... arguments) {
    return new ColumnNode.Call(callName, List.of(arguments));
  }

  /** The operator a call of this name stands for, or null for a function. */
  public static Operator named(String callName) {
    return BY_NAME.get(callName);
  }

  /** Whether this operator takes two operands written around its symbol. */
  public boolean isBinary() {
    return ordinal() <= OR.ordinal();
  }

  String spell(List<ColumnNode> args) {
    if (isBinary() && args.size() == 2) {
      return "(" + args.get(0) + " " + callName + " " + args.get(1) + ")";
    }
    switch (this) {
      case NEGATE: return "(- " + args.get(0) + ")";
      case NOT: return "(NOT " + args.get(0) + ")";
      case IS_NULL: return "(" + args.get(0) + " IS NULL)";
      case IS_NOT_NULL: return "(" + args.get(0) + " IS NOT NULL)";
      case BETWEEN: return "(" + args.get(0) + " BETWEEN " + args.get(1) + " AND " + args.get(2) + ")";
      case LIKE: return "(" + args.get(0) + " LIKE " + args.get(1) + ")";
      case IN: {
        StringJoiner items = new StringJoiner(", ", "(", ")");
        args.subList(1, args.size()).forEach(a -> items.add(a.toString()));
        return "(" + args.get(0) + " IN " + items + ")";
      }
      default: {
        StringJoiner text = new StringJoiner(", ", callName + "(", ")");
        args.forEach(a -> text.add(a.toString()));
        return text.toString();
      }
    }
  }
}
