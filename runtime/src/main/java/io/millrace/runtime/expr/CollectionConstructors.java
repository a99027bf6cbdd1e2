package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code array(..)}, {@code map(k, v, ..)}, {@code named_struct(name, v, ..)} and
 * {@code struct(..)}: values made of other values, nulls kept as elements, the elements of an
 * array (and a map's keys, and its values) of their common type as Spark widens them.
 * {@code array()} with no element is an ARRAY&lt;STRING&gt; where Spark's is ARRAY&lt;VOID&gt;, a
 * type Millrace lacks; it holds nothing either way.
 */
final class CollectionConstructors {
  private CollectionConstructors() {}

  enum Kind { ARRAY, MAP, NAMED_STRUCT, STRUCT }

  static Expression of(Kind kind, List<Expression> args) {
    return new Call(kind, args);
  }

  private static final class Call extends FunctionCall {
    private final Kind kind;

    Call(Kind kind, List<Expression> args) {
      super(kind.name().toLowerCase(java.util.Locale.ROOT), args);
      this.kind = kind;
    }

    @Override
    public BoundExpression bind(Schema input) {
      List<BoundExpression> bound = new ArrayList<>();
      for (Expression a : args) {
        bound.add(a.bind(input));
      }
      switch (kind) {
        case ARRAY: {
          BoundExpression[] elements = common(bound, args, this);
          DataType element = elements.length == 0 ? DataType.STRING : elements[0].type();
          return new Node(DataType.array(element), false, (row, context) -> {
            List<Object> out = new ArrayList<>(elements.length);
            for (BoundExpression e : elements) {
              out.add(e.eval(row, context));
            }
            return Collections.unmodifiableList(out);
          });
        }
        case MAP: {
          if (bound.size() % 2 != 0) {
            throw TypeCoercion.error(this, "map needs keys and values in pairs, but has " + bound.size() + " arguments");
          }
          BoundExpression[] keys = common(evens(bound, 0), evens(args, 0), this);
          BoundExpression[] values = common(evens(bound, 1), evens(args, 1), this);
          DataType keyType = keys.length == 0 ? DataType.STRING : keys[0].type();
          DataType valueType = values.length == 0 ? DataType.STRING : values[0].type();
          return new Node(DataType.map(keyType, valueType), false, (row, context) -> {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < keys.length; i++) {
              CollectionFunctions.putNew(out, keys[i].eval(row, context), values[i].eval(row, context), "map");
            }
            return Collections.unmodifiableMap(out);
          });
        }
        default: {
          boolean named = kind == Kind.NAMED_STRUCT;
          if (named && bound.size() % 2 != 0) {
            throw TypeCoercion.error(this, "named_struct needs names and values in pairs, but has " + bound.size()
                + " arguments");
          }
          List<Field> fields = new ArrayList<>();
          List<BoundExpression> values = new ArrayList<>();
          for (int i = 0; i < bound.size(); i += named ? 2 : 1) {
            String name = named ? FunctionRegistry.stringLiteral(args.get(i), "named_struct", "field name")
                : fieldName(args.get(i), i);
            BoundExpression v = bound.get(named ? i + 1 : i);
            BoundExpression typed = TypeCoercion.isUntypedNull(v) ? Cast.coerce(v, DataType.STRING) : v;
            fields.add(Field.of(name, typed.type()));
            values.add(typed);
          }
          BoundExpression[] parts = values.toArray(BoundExpression[]::new);
          return new Node(DataType.struct(Schema.of(fields)), false, (row, context) -> {
            Object[] out = new Object[parts.length];
            for (int i = 0; i < parts.length; i++) {
              out[i] = parts[i].eval(row, context);
            }
            return Row.wrap(out);
          });
        }
      }
    }
  }

  /** A field of {@code struct(..)} is named as Spark names it: by its column, alias or field, else col1, col2.. */
  private static String fieldName(Expression arg, int index) {
    return arg instanceof ColumnRef ref ? ref.name()
        : arg instanceof Alias alias ? alias.name()
        : arg instanceof ExtractValue extract && extract.field() != null ? extract.field()
        : "col" + (index + 1);
  }

  private static <T> List<T> evens(List<T> all, int from) {
    List<T> out = new ArrayList<>();
    for (int i = from; i < all.size(); i += 2) {
      out.add(all.get(i));
    }
    return out;
  }

  /** The values brought to their common type (untyped NULLs to it too). */
  private static BoundExpression[] common(List<BoundExpression> bound, List<Expression> sources, Expression call) {
    DataType type = TypeCoercion.commonType(bound, sources, call);
    DataType target = type == null ? DataType.STRING : type;
    BoundExpression[] out = new BoundExpression[bound.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Cast.coerce(bound.get(i), target);
    }
    return out;
  }

  /** A value computed from the row by a lambda. */
  @FunctionalInterface
  interface Eval {
    Object apply(Row row, EvalContext context);
  }

  private static final class Node extends BoundNode {
    private final Eval eval;

    Node(DataType type, boolean nullable, Eval eval) {
      super(type, nullable);
      this.eval = eval;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      return eval.apply(row, context);
    }
  }
}
