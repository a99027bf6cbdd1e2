package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Spark's functions that call a lambda over an array: {@code transform(arr, x -> ..)} (or
 * {@code (x, i) -> ..} with the zero-based index), {@code filter(arr, x -> ..)} (or with the
 * index), {@code exists}, {@code forall} (three-valued, as Spark's: NULL when no element decides
 * and one gave NULL) and {@code aggregate(arr, zero, (acc, x) -> ..[, acc -> ..])}.
 */
final class HigherOrderFunction extends FunctionCall {
  enum Kind { TRANSFORM, FILTER, EXISTS, FORALL, AGGREGATE }

  private final Kind kind;

  HigherOrderFunction(Kind kind, List<Expression> args) {
    super(kind.name().toLowerCase(java.util.Locale.ROOT), args);
    this.kind = kind;
  }

  static void register() {
    FunctionRegistry.register("transform", 2, 2, a -> new HigherOrderFunction(Kind.TRANSFORM, a),
        "transform(array, x -> .. or (x, i) -> ..)", "transform(array(1, 2, 3), x -> x * 2) = array(2, 4, 6)");
    FunctionRegistry.register("filter", 2, 2, a -> new HigherOrderFunction(Kind.FILTER, a),
        "filter(array, x -> condition)", "filter(array(1, 2, 3, 4), x -> x % 2 = 0) = array(2, 4)");
    FunctionRegistry.register("exists", 2, 2, a -> new HigherOrderFunction(Kind.EXISTS, a),
        "exists(array, x -> condition)", "exists(array(1, 2, 3), x -> x > 2) = true");
    FunctionRegistry.register("forall", 2, 2, a -> new HigherOrderFunction(Kind.FORALL, a),
        "forall(array, x -> condition)", "forall(array(1, 2, 3), x -> x > 0) = true");
    FunctionRegistry.register("aggregate", 3, 4, a -> new HigherOrderFunction(Kind.AGGREGATE, a),
        "aggregate(array, zero, (acc, x) -> ..[, acc -> ..])", "aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x) = 6");
  }

  private Lambda lambda(int at) {
    if (!(args.get(at) instanceof Lambda l)) {
      throw TypeCoercion.error(this, "its argument " + (at + 1) + " must be a lambda, such as x -> x + 1");
    }
    return l;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression array = args.get(0).bind(input);
    if (TypeCoercion.isUntypedNull(array) || array.type().kind() != DataType.Kind.ARRAY) {
      throw TypeCoercion.error(this, args.get(0) + " is " + (TypeCoercion.isUntypedNull(array) ? "NULL" : array.type())
          + " but an ARRAY is needed");
    }
    DataType element = array.type().elementType();
    switch (kind) {
      case TRANSFORM: case FILTER: {
        Lambda l = lambda(1);
        Lambda.Bound f = l.bind(input, l.arity() == 2 ? List.of(element, DataType.INT) : List.of(element), this);
        boolean indexed = l.arity() == 2;
        if (kind == Kind.FILTER) {
          TypeCoercion.requireBoolean(f.body(), l, this);
          return node(array.type(), array, (list, row, context) -> {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
              Object keep = indexed ? f.apply(row, context, list.get(i), i) : f.apply(row, context, list.get(i));
              if (Boolean.TRUE.equals(keep)) {
                out.add(list.get(i));
              }
            }
            return Collections.unmodifiableList(out);
          });
        }
        return node(DataType.array(f.type()), array, (list, row, context) -> {
          List<Object> out = new ArrayList<>(list.size());
          for (int i = 0; i < list.size(); i++) {
            out.add(indexed ? f.apply(row, context, list.get(i), i) : f.apply(row, context, list.get(i)));
          }
          return Collections.unmodifiableList(out);
        });
      }
      case EXISTS: case FORALL: {
        Lambda.Bound f = lambda(1).bind(input, List.of(element), this);
        TypeCoercion.requireBoolean(f.body(), args.get(1), this);
        boolean any = kind == Kind.EXISTS;
        return node(DataType.BOOLEAN, array, (list, row, context) -> {
          boolean sawNull = false;
          for (Object e : list) {
            Object r = f.apply(row, context, e);
            if (r == null) {
              sawNull = true;
            } else if ((Boolean) r == any) {
              return any;
            }
          }
          return sawNull ? null : !any;
        });
      }
      default: {
        BoundExpression zero = args.get(1).bind(input);
        DataType acc = TypeCoercion.isUntypedNull(zero) ? DataType.STRING : zero.type();
        Lambda.Bound merge = lambda(2).bind(input, List.of(acc, element), this);
        if (!merge.type().equals(acc)) {
          // Spark casts the merge's result to the zero's type; a mismatch of kinds is refused there too.
          if (!(merge.type().isNumeric() && acc.isNumeric())) {
            throw TypeCoercion.error(this, "its merge gives " + merge.type() + " but the zero is " + acc);
          }
        }
        CastConversions.Conversion toAcc = merge.type().equals(acc) ? (v, c) -> v : CastConversions.find(merge.type(), acc);
        Lambda.Bound finish = args.size() == 4 ? lambda(3).bind(input, List.of(acc), this) : null;
        DataType result = finish == null ? acc : finish.type();
        return new BoundNode(result, true) {
          @Override
          public Object eval(Row row, EvalContext context) {
            Object a = array.eval(row, context);
            if (a == null) {
              return null;
            }
            Object state = zero.eval(row, context);
            for (Object e : (List<?>) a) {
              Object next = merge.apply(row, context, state, e);
              state = next == null ? null : toAcc.apply(next, context);
            }
            return finish == null ? state : finish.apply(row, context, state);
          }
        };
      }
    }
  }

  private interface Over {
    Object apply(List<?> list, Row row, EvalContext context);
  }

  private static BoundExpression node(DataType type, BoundExpression array, Over over) {
    return new BoundNode(type, true) {
      @Override
      public Object eval(Row row, EvalContext context) {
        Object a = array.eval(row, context);
        return a == null ? null : over.apply((List<?>) a, row, context);
      }
    };
  }
}
