package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * {@code value IN (a, b, ...)}. True when the value equals an item; otherwise NULL when the
 * value or any item is NULL, else false, as SQL defines it. A list of constants, the usual
 * case, is turned into a hash set once at bind time. Values are compared in the type
 * {@link TypeCoercion#comparisonType} gives, except that a TIMESTAMP among text is compared as
 * its text, as Spark's IN does: {@code ts IN ('2026-09-14 23:59:57')} holds, but
 * {@code ts IN ('2026-09-14T23:59:57Z')} does not.
 */
public final class In extends Expression {
  private final Expression value;
  private final List<Expression> list;

  public In(Expression value, List<Expression> list) {
    if (list.isEmpty()) {
      throw new IllegalArgumentException("IN needs at least one value to compare with");
    }
    this.value = value;
    this.list = List.copyOf(list);
  }

  @Override
  public BoundExpression bind(Schema input) {
    BoundExpression probe = value.bind(input);
    List<BoundExpression> items = new ArrayList<>(list.size());
    list.forEach(e -> items.add(e.bind(input)));
    DataType type = operandType(probe, items);
    BoundExpression coercedProbe = Cast.coerce(probe, type);
    if (type.kind() != DataType.Kind.BINARY && items.stream().allMatch(Literal::isConstant)) {
      return constantSet(coercedProbe, items, type);
    }
    List<BoundExpression> coercedItems = new ArrayList<>(items.size());
    items.forEach(item -> coercedItems.add(Cast.coerce(item, type)));
    return new ListIn(coercedProbe, coercedItems, ValueComparators.forType(type));
  }

  private DataType operandType(BoundExpression probe, List<BoundExpression> items) {
    DataType type = TypeCoercion.isUntypedNull(probe) ? null : probe.type();
    for (int i = 0; i < items.size(); i++) {
      BoundExpression item = items.get(i);
      if (TypeCoercion.isUntypedNull(item)) {
        continue;
      }
      DataType combined = type == null ? item.type() : inType(type, item.type());
      if (combined == null) {
        throw TypeCoercion.error(this, "cannot compare " + value + " (" + type + ") with "
            + list.get(i) + " (" + item.type() + ")");
      }
      type = combined;
    }
    return type == null ? DataType.INT : type;
  }

  private static DataType inType(DataType a, DataType b) {
    boolean timestampAndText = a.kind() == DataType.Kind.TIMESTAMP && b.kind() == DataType.Kind.STRING
        || a.kind() == DataType.Kind.STRING && b.kind() == DataType.Kind.TIMESTAMP;
    return timestampAndText ? DataType.STRING : TypeCoercion.comparisonType(a, b);
  }

  private static BoundExpression constantSet(BoundExpression probe, List<BoundExpression> items, DataType type) {
    Set<Object> values = new HashSet<>();
    boolean hasNull = false;
    for (BoundExpression item : items) {
      Object v = Literal.constantValue(item);
      if (v != null && !item.type().equals(type)) {
        // No constant conversion here reads the context: text is never read as a TIMESTAMP.
        v = CastConversions.find(item.type(), type).apply(v, null);
      }
      if (v == null) {
        hasNull = true;
      } else {
        values.add(normalize(v));
      }
    }
    return new SetIn(probe, values, hasNull);
  }

  /** Makes equal doubles equal as set keys: Double.equals tells 0.0 from -0.0. */
  private static Object normalize(Object v) {
    return v instanceof Double && (Double) v == 0.0 ? (Object) 0.0 : v;
  }

  @Override
  public String defaultName() {
    return toString();
  }

  @Override
  public String toString() {
    StringJoiner items = new StringJoiner(", ", "(", ")");
    list.forEach(e -> items.add(e.toString()));
    return "(" + value + " IN " + items + ")";
  }

  private static final class SetIn extends BoundNode {
    private final BoundExpression probe;
    private final Set<Object> values;
    private final Boolean notFound;

    SetIn(BoundExpression probe, Set<Object> values, boolean hasNull) {
      super(DataType.BOOLEAN, probe.nullable() || hasNull);
      this.probe = probe;
      this.values = values;
      this.notFound = hasNull ? null : Boolean.FALSE;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = probe.eval(row, context);
      if (v == null) {
        return null;
      }
      return values.contains(normalize(v)) ? Boolean.TRUE : notFound;
    }
  }

  private static final class ListIn extends BoundNode {
    private final BoundExpression probe;
    private final BoundExpression[] items;
    private final ValueComparators.ValueComparator comparator;

    ListIn(BoundExpression probe, List<BoundExpression> items, ValueComparators.ValueComparator comparator) {
      super(DataType.BOOLEAN, probe.nullable() || items.stream().anyMatch(BoundExpression::nullable));
      this.probe = probe;
      this.items = items.toArray(new BoundExpression[0]);
      this.comparator = comparator;
    }

    @Override
    public Object eval(Row row, EvalContext context) {
      Object v = probe.eval(row, context);
      if (v == null) {
        return null;
      }
      boolean sawNull = false;
      for (BoundExpression item : items) {
        Object candidate = item.eval(row, context);
        if (candidate == null) {
          sawNull = true;
        } else if (comparator.compare(v, candidate) == 0) {
          return Boolean.TRUE;
        }
      }
      return sawNull ? null : Boolean.FALSE;
    }
  }
}
