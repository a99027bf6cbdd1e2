package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code explode}, {@code explode_outer}, {@code posexplode} and {@code posexplode_outer}: a row
 * per element of an array (column {@code col}) or per entry of a map ({@code key}, {@code value}),
 * with its position first ({@code pos}, from 0) for the {@code pos} forms. A null or empty
 * collection makes no row, or with {@code _outer} one row of nulls.
 */
final class Explode extends GeneratorCall {
  private final boolean position;
  private final boolean outer;

  private Explode(String name, Expression collection, boolean position, boolean outer) {
    super(name, List.of(collection));
    this.position = position;
    this.outer = outer;
  }

  static Explode explode(List<Expression> a) {
    return new Explode("explode", a.get(0), false, false);
  }

  static Explode explodeOuter(List<Expression> a) {
    return new Explode("explode_outer", a.get(0), false, true);
  }

  static Explode posexplode(List<Expression> a) {
    return new Explode("posexplode", a.get(0), true, false);
  }

  static Explode posexplodeOuter(List<Expression> a) {
    return new Explode("posexplode_outer", a.get(0), true, true);
  }

  @Override
  public Optional<Expression> inferredFilter() {
    return outer ? Optional.empty() : Optional.of(hasElements(args.get(0)));
  }

  @Override
  public Bound bindGenerator(Schema input) {
    BoundExpression collection = args.get(0).bind(input);
    DataType type = collection.type();
    List<Field> fields = new ArrayList<>(3);
    if (position) {
      fields.add(new Field("pos", DataType.INT, outer));
    }
    if (type.kind() == DataType.Kind.ARRAY) {
      fields.add(new Field("col", type.elementType(), true));
    } else if (type.kind() == DataType.Kind.MAP) {
      fields.add(new Field("key", type.keyType(), outer));
      fields.add(new Field("value", type.valueType(), true));
    } else {
      throw wrongArgument("an ARRAY or a MAP", args.get(0), collection);
    }
    int width = fields.size();
    boolean isArray = type.kind() == DataType.Kind.ARRAY;
    return new Bound() {
      @Override
      public List<Field> fields() {
        return fields;
      }

      @Override
      public void generate(Row row, EvalContext context, Output out) {
        Object value = collection.eval(row, context);
        int made = isArray ? elements((List<?>) value, out) : entries((Map<?, ?>) value, out);
        if (made == 0 && outer) {
          out.add(new Object[width]);
        }
      }
    };
  }

  private int elements(List<?> array, Output out) {
    if (array == null) {
      return 0;
    }
    for (int i = 0; i < array.size(); i++) {
      out.add(position ? new Object[] {i, array.get(i)} : new Object[] {array.get(i)});
    }
    return array.size();
  }

  private int entries(Map<?, ?> map, Output out) {
    if (map == null) {
      return 0;
    }
    int i = 0;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.add(position ? new Object[] {i, e.getKey(), e.getValue()} : new Object[] {e.getKey(), e.getValue()});
      i++;
    }
    return i;
  }
}
