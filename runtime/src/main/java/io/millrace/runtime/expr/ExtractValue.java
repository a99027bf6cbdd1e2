package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.Map;

/**
 * A part of a value, as Spark's {@code ExtractValue} gives it: {@code array[i]} (zero-based; out
 * of range is NULL, non-ANSI), {@code map[key]} (NULL for a missing key) and
 * {@code struct.field} (field names are case-sensitive, as column names are here).
 */
public final class ExtractValue extends Expression {
  private final Expression child;
  private final Expression key;
  private final String field;

  /** {@code child[key]} when {@code key} is given, else {@code child.field}. */
  public ExtractValue(Expression child, Expression key, String field) {
    this.child = child;
    this.key = key;
    this.field = field;
  }

  /** The struct field this reads, or null for an index or key. */
  public String field() {
    return field;
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression base = child.bind(input);
    DataType type = TypeCoercion.isUntypedNull(base) ? DataType.STRING : base.type();
    if (field != null) {
      if (type.kind() != DataType.Kind.STRUCT) {
        throw new AnalysisException("cannot resolve '" + this + "': " + child + " is " + type + ", which has no fields");
      }
      int at = type.fields().indexOf(field);
      if (at < 0) {
        throw new AnalysisException("cannot resolve '" + this + "': " + child + " has no field '" + field
            + "'; its fields: " + type.fields().names());
      }
      return node(type.fields().field(at).type(), base, null, (b, k) -> ((Row) b).get(at));
    }
    BoundExpression k = key.bind(input);
    switch (type.kind()) {
      case ARRAY: {
        if (!TypeCoercion.isUntypedNull(k) && !k.type().isIntegral()) {
          throw new AnalysisException("cannot resolve '" + this + "': an array's subscript is " + k.type()
              + " but an integral number is needed");
        }
        return node(type.elementType(), base, Cast.coerce(k, DataType.INT), (b, i) -> {
          List<?> list = (List<?>) b;
          int at = (Integer) i;
          return at < 0 || at >= list.size() ? null : list.get(at);
        });
      }
      case MAP: {
        BoundExpression typed = Cast.coerce(k, type.keyType());
        return node(type.valueType(), base, typed, (b, wanted) -> {
          for (Map.Entry<?, ?> e : ((Map<?, ?>) b).entrySet()) {
            if (CollectionFunctions.same(e.getKey(), wanted)) {
              return e.getValue();
            }
          }
          return null;
        });
      }
      default:
        throw new AnalysisException("cannot resolve '" + this + "': " + child + " is " + type
            + ", which cannot be subscripted; an ARRAY or a MAP can");
    }
  }

  private interface Part {
    Object of(Object base, Object key);
  }

  private static BoundExpression node(DataType type, BoundExpression base, BoundExpression key, Part part) {
    return new BoundNode(type, true) {
      @Override
      public Object eval(Row row, EvalContext context) {
        Object b = base.eval(row, context);
        if (b == null) {
          return null;
        }
        Object k = key == null ? null : key.eval(row, context);
        return key != null && k == null ? null : part.of(b, k);
      }
    };
  }

  /** Spark's column name: the field's own name for {@code s.field}, the text otherwise. */
  @Override
  public String defaultName() {
    return field != null ? field : toString();
  }

  @Override
  public String toString() {
    return field != null ? child + "." + SqlText.identifier(field) : child + "[" + key + "]";
  }
}
