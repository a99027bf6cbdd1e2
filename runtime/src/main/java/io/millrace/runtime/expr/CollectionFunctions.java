package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.SimpleFunction.Arg.ANY;
import static io.millrace.runtime.expr.SimpleFunction.Arg.INT;
import static io.millrace.runtime.expr.SimpleFunction.Arg.STRING;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Spark's functions over arrays and maps: the constructors ({@link CollectionConstructors}),
 * {@code size}, {@code element_at}, {@code array_contains}, {@code map_keys},
 * {@code map_values}, {@code map_entries}, {@code map_from_arrays}, {@code map_contains_key},
 * {@code sort_array}, {@code array_distinct}, {@code array_min}/{@code array_max},
 * {@code array_join}, {@code array_position}, {@code array_remove}, {@code array_union},
 * {@code array_intersect}, {@code array_except}, {@code arrays_overlap}, {@code slice},
 * {@code flatten} and {@code sequence}. Elements compare as SQL compares them (so 1.0 and 1.00
 * are one decimal, and NaN equals NaN); arrays keep their first-seen order.
 */
final class CollectionFunctions {
  private CollectionFunctions() {}

  static void register() {
    FunctionRegistry.register("array", 0, Integer.MAX_VALUE, a -> CollectionConstructors.of(CollectionConstructors.Kind.ARRAY, a),
        "array(x, ..)", "array(1, NULL, 3)");
    FunctionRegistry.register("map", 0, Integer.MAX_VALUE, a -> CollectionConstructors.of(CollectionConstructors.Kind.MAP, a),
        "map(key, value, ..)", "map('a', 1, 'b', 2)");
    FunctionRegistry.register("named_struct", 2, Integer.MAX_VALUE,
        a -> CollectionConstructors.of(CollectionConstructors.Kind.NAMED_STRUCT, a),
        "named_struct(name, value, ..)", "named_struct('lat', 1.5D, 'lon', 2.5D)");
    FunctionRegistry.register("struct", 1, Integer.MAX_VALUE, a -> CollectionConstructors.of(CollectionConstructors.Kind.STRUCT, a),
        "struct(x, ..)", "struct(lat, lon) has fields lat and lon");

    FunctionRegistry.register("get", 2, 2, a -> new Delegated("get", a, new ExtractValue(a.get(0), a.get(1), null)),
        "get(array, index)", "get(array(10, 20), 0) = 10; an index out of range is NULL");
    SimpleFunction.Signature size = new SimpleFunction.Signature("size", List.of(ANY), types -> {
      requireCollection(types.get(0));
      return DataType.INT;
    }, v -> v[0] == null ? -1 : v[0] instanceof Map<?, ?> m ? m.size() : ((List<?>) v[0]).size()).seeingNulls();
    FunctionRegistry.register("size(array or map)", "size(array(1, 2, 3)) = 3; size(NULL) = -1", size);
    FunctionRegistry.register("cardinality(array or map)", "cardinality(array(1, 2)) = 2",
        new SimpleFunction.Signature("cardinality", size.args(), size.resultType(), size.body(), true));
    FunctionRegistry.register("element_at(array, index) or element_at(map, key)",
        "element_at(array(10, 20, 30), -1) = 30",
        new SimpleFunction.Signature("element_at", List.of(ANY, ANY), types -> {
          DataType c = types.get(0);
          if (c.kind() == DataType.Kind.MAP) {
            return c.valueType();
          }
          requireArray(c);
          if (!types.get(1).isIntegral()) {
            throw new IllegalArgumentException("an array's index is " + types.get(1) + " but INT is needed");
          }
          return c.elementType();
        }, v -> v[0] instanceof Map<?, ?> m ? lookup(m, v[1]) : elementAt((List<?>) v[0], ((Number) v[1]).intValue())));
    FunctionRegistry.register("array_contains(array, value)", "array_contains(array(1, 2, 3), 2) = true",
        new SimpleFunction.Signature("array_contains", List.of(ANY, ANY), types -> {
          requireArray(types.get(0));
          return DataType.BOOLEAN;
        }, v -> contains((List<?>) v[0], v[1])));
    FunctionRegistry.register("map_keys(map)", "map_keys(map('a', 1, 'b', 2)) = array('a', 'b')",
        new SimpleFunction.Signature("map_keys", List.of(ANY), types -> DataType.array(requireMap(types.get(0)).keyType(), false),
            v -> List.copyOf(((Map<?, ?>) v[0]).keySet())));
    FunctionRegistry.register("map_values(map)", "map_values(map('a', 1, 'b', 2)) = array(1, 2)",
        new SimpleFunction.Signature("map_values", List.of(ANY), types -> DataType.array(requireMap(types.get(0)).valueType()),
            v -> Collections.unmodifiableList(new ArrayList<>(((Map<?, ?>) v[0]).values()))));
    FunctionRegistry.register("map_entries(map)", "map_entries(map('a', 1)) = array(named_struct('key', 'a', 'value', 1))",
        new SimpleFunction.Signature("map_entries", List.of(ANY), types -> {
          DataType m = requireMap(types.get(0));
          return DataType.array(DataType.struct(Schema.of(new Field("key", m.keyType(), false),
              Field.of("value", m.valueType()))), false);
        }, v -> ((Map<?, ?>) v[0]).entrySet().stream().map(e -> Row.of(e.getKey(), e.getValue())).toList()));
    FunctionRegistry.register("map_from_arrays(keys, values)", "map_from_arrays(array('a', 'b'), array(1, 2))",
        new SimpleFunction.Signature("map_from_arrays", List.of(ANY, ANY), types -> DataType.map(
            requireArray(types.get(0)).elementType(), requireArray(types.get(1)).elementType()),
            v -> mapFromArrays((List<?>) v[0], (List<?>) v[1])));
    FunctionRegistry.register("map_from_entries(array of key-value structs)",
        "map_from_entries(array(named_struct('k', 'a', 'v', 1))) = map('a', 1); of Kafka headers: "
            + "map_from_entries(headers)['trace']",
        new SimpleFunction.Signature("map_from_entries", List.of(ANY), types -> {
          DataType entry = requireArray(types.get(0)).elementType();
          if (entry.kind() != DataType.Kind.STRUCT || entry.fields().size() != 2) {
            throw new IllegalArgumentException("its argument is " + types.get(0)
                + " but an ARRAY of two-field STRUCTs (key, value) is needed");
          }
          return DataType.map(entry.fields().field(0).type(), entry.fields().field(1).type());
        }, v -> mapFromEntries((List<?>) v[0])));
    FunctionRegistry.register("map_contains_key(map, key)", "map_contains_key(map('a', 1), 'a') = true",
        new SimpleFunction.Signature("map_contains_key", List.of(ANY, ANY), types -> {
          requireMap(types.get(0));
          return DataType.BOOLEAN;
        }, v -> ((Map<?, ?>) v[0]).keySet().stream().anyMatch(k -> same(k, v[1]))));
    FunctionRegistry.register("sort_array(array[, ascending])", "sort_array(array(3, 1, NULL, 2)) = array(NULL, 1, 2, 3)",
        new SimpleFunction.Signature("sort_array", List.of(ANY), types -> requireArray(types.get(0)),
            v -> sorted((List<?>) v[0], true)),
        new SimpleFunction.Signature("sort_array", List.of(ANY, ANY), types -> requireArray(types.get(0)),
            v -> sorted((List<?>) v[0], (Boolean) v[1])));
    FunctionRegistry.register("array_distinct(array)", "array_distinct(array(1, 2, 2, NULL)) = array(1, 2, NULL)",
        new SimpleFunction.Signature("array_distinct", List.of(ANY), types -> requireArray(types.get(0)),
            v -> distinct((List<?>) v[0])));
    FunctionRegistry.register("array_max(array)", "array_max(array(1, 3, 2)) = 3",
        new SimpleFunction.Signature("array_max", List.of(ANY), types -> requireArray(types.get(0)).elementType(),
            v -> extreme((List<?>) v[0], true)));
    FunctionRegistry.register("array_min(array)", "array_min(array(1, 3, NULL, 2)) = 1",
        new SimpleFunction.Signature("array_min", List.of(ANY), types -> requireArray(types.get(0)).elementType(),
            v -> extreme((List<?>) v[0], false)));
    FunctionRegistry.register("array_join(array, delimiter[, nullReplacement])", "array_join(array('a', NULL, 'c'), ',') = 'a,c'",
        new SimpleFunction.Signature("array_join", List.of(ANY, STRING), types -> stringArray(types.get(0)),
            v -> join((List<?>) v[0], (String) v[1], null)),
        new SimpleFunction.Signature("array_join", List.of(ANY, STRING, STRING), types -> stringArray(types.get(0)),
            v -> join((List<?>) v[0], (String) v[1], (String) v[2])));
    FunctionRegistry.register("array_position(array, value)", "array_position(array(3, 2, 1), 1) = 3",
        new SimpleFunction.Signature("array_position", List.of(ANY, ANY), types -> {
          requireArray(types.get(0));
          return DataType.LONG;
        }, v -> position((List<?>) v[0], v[1])));
    FunctionRegistry.register("array_remove(array, value)", "array_remove(array(1, 2, 3, 2), 2) = array(1, 3)",
        new SimpleFunction.Signature("array_remove", List.of(ANY, ANY), types -> requireArray(types.get(0)),
            v -> ((List<?>) v[0]).stream().filter(e -> e == null || !same(e, v[1])).toList()));
    setFunction("array_union", "array_union(array(1, 2), array(2, 3)) = array(1, 2, 3)", (a, b) -> {
      List<Object> all = new ArrayList<>(a);
      all.addAll(b);
      return distinct(all);
    });
    setFunction("array_intersect", "array_intersect(array(1, 2, 3), array(2, 3, 4)) = array(2, 3)",
        (a, b) -> distinct(a.stream().filter(e -> containsSame(b, e)).toList()));
    setFunction("array_except", "array_except(array(1, 2, 3), array(2)) = array(1, 3)",
        (a, b) -> distinct(a.stream().filter(e -> !containsSame(b, e)).toList()));
    FunctionRegistry.register("arrays_overlap(array, array)", "arrays_overlap(array(1, 2), array(2, 3)) = true",
        new SimpleFunction.Signature("arrays_overlap", List.of(ANY, ANY), types -> {
          requireArray(types.get(0));
          requireArray(types.get(1));
          return DataType.BOOLEAN;
        }, v -> overlap((List<?>) v[0], (List<?>) v[1])));
    FunctionRegistry.register("slice(array, start, length)", "slice(array(1, 2, 3, 4), 2, 2) = array(2, 3)",
        new SimpleFunction.Signature("slice", List.of(ANY, INT, INT), types -> requireArray(types.get(0)),
            v -> slice((List<?>) v[0], (Integer) v[1], (Integer) v[2])));
    FunctionRegistry.register("flatten(array of arrays)", "flatten(array(array(1, 2), array(3))) = array(1, 2, 3)",
        new SimpleFunction.Signature("flatten", List.of(ANY), types -> requireArray(requireArray(types.get(0)).elementType()),
            v -> flatten((List<?>) v[0])));
    FunctionRegistry.register("sequence(start, stop[, step])", "sequence(1, 5) = array(1, 2, 3, 4, 5)",
        new SimpleFunction.Signature("sequence", List.of(ANY, ANY), CollectionFunctions::sequenceType,
            v -> sequence(v[0], v[1], null)),
        new SimpleFunction.Signature("sequence", List.of(ANY, ANY, ANY), CollectionFunctions::sequenceType,
            v -> sequence(v[0], v[1], v[2])));
  }

  private interface SetOperation {
    List<Object> apply(List<?> a, List<?> b);
  }

  private static void setFunction(String name, String example, SetOperation op) {
    FunctionRegistry.register(name + "(array, array)", example,
        new SimpleFunction.Signature(name, List.of(ANY, ANY), types -> {
          DataType a = requireArray(types.get(0));
          DataType b = requireArray(types.get(1));
          if (!a.elementType().equals(b.elementType())) {
            throw new IllegalArgumentException("its arrays hold " + a.elementType() + " and " + b.elementType()
                + "; they must hold one type");
          }
          return a;
        }, v -> op.apply((List<?>) v[0], (List<?>) v[1])));
  }

  private static void requireCollection(DataType t) {
    if (t.kind() != DataType.Kind.ARRAY && t.kind() != DataType.Kind.MAP) {
      throw new IllegalArgumentException("its argument is " + t + " but an ARRAY or a MAP is needed");
    }
  }

  private static DataType requireArray(DataType t) {
    if (t.kind() != DataType.Kind.ARRAY) {
      throw new IllegalArgumentException("its argument is " + t + " but an ARRAY is needed");
    }
    return t;
  }

  private static DataType requireMap(DataType t) {
    if (t.kind() != DataType.Kind.MAP) {
      throw new IllegalArgumentException("its argument is " + t + " but a MAP is needed");
    }
    return t;
  }

  private static DataType stringArray(DataType t) {
    if (requireArray(t).elementType().kind() != DataType.Kind.STRING) {
      throw new IllegalArgumentException("its array is " + t + " but ARRAY<STRING> is needed");
    }
    return DataType.STRING;
  }

  /** Equality of two non-null elements as SQL's {@code =} decides it: 1.0 = 1.00, NaN = NaN, 0.0 = -0.0. */
  static boolean same(Object a, Object b) {
    if (a instanceof java.math.BigDecimal x && b instanceof java.math.BigDecimal y) {
      return x.compareTo(y) == 0;
    }
    if (a instanceof Double x && b instanceof Double y) {
      return ValueComparators.compareDoubles(x, y) == 0;
    }
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return java.util.Arrays.equals(x, y);
    }
    return Objects.equals(a, b);
  }

  private static boolean containsSame(Collection<?> in, Object e) {
    for (Object x : in) {
      if (x == null ? e == null : e != null && sameElement(x, e)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Equality of elements for array_distinct and the set functions, as Spark's hash sets decide
   * it: doubles by {@link Double#equals} (NaN is one value; 0.0 and -0.0 are two), decimals by value.
   */
  private static boolean sameElement(Object a, Object b) {
    return a instanceof Double || a instanceof Float ? a.equals(b) : same(a, b);
  }

  private static Object lookup(Map<?, ?> map, Object key) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (same(e.getKey(), key)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** One-based; negative counts from the end; out of range is NULL (non-ANSI). Index 0 fails, as in Spark. */
  private static Object elementAt(List<?> list, int index) {
    if (index == 0) {
      throw new ArrayIndexOutOfBoundsException("element_at: SQL array indices start at 1");
    }
    int at = index > 0 ? index - 1 : list.size() + index;
    return at < 0 || at >= list.size() ? null : list.get(at);
  }

  /** Spark's three-valued answer: true if found, NULL if not found but the array holds a NULL, else false. */
  private static Boolean contains(List<?> list, Object value) {
    boolean sawNull = false;
    for (Object e : list) {
      if (e == null) {
        sawNull = true;
      } else if (same(e, value)) {
        return true;
      }
    }
    return sawNull ? null : false;
  }

  private static Object mapFromArrays(List<?> keys, List<?> values) {
    if (keys.size() != values.size()) {
      throw new IllegalArgumentException("map_from_arrays: " + keys.size() + " keys but " + values.size() + " values");
    }
    Map<Object, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      putNew(out, keys.get(i), values.get(i), "map_from_arrays");
    }
    return Collections.unmodifiableMap(out);
  }

  /** NULL when an entry is NULL, as Spark; a NULL or repeated key fails the query. */
  private static Object mapFromEntries(List<?> entries) {
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Object e : entries) {
      if (e == null) {
        return null;
      }
      Row entry = (Row) e;
      putNew(out, entry.get(0), entry.get(1), "map_from_entries");
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * Adds a map entry as Spark's default {@code spark.sql.mapKeyDedupPolicy=EXCEPTION} does: a
   * repeated key fails rather than one value silently replacing another.
   */
  static void putNew(Map<Object, Object> map, Object key, Object value, String function) {
    if (key == null) {
      throw new IllegalArgumentException(function + ": a map key cannot be NULL");
    }
    // Keys whose equals is not Spark's equality (arrays by content, 1.0 = 1.00, NaN = NaN) are compared one by one.
    boolean repeated = key instanceof byte[] || key instanceof java.math.BigDecimal || key instanceof Double
        ? map.keySet().stream().anyMatch(existing -> same(existing, key)) : map.containsKey(key);
    if (repeated) {
      throw new IllegalArgumentException(function + ": duplicate map key " + key
          + " (Spark's DUPLICATED_MAP_KEY; keys must be unique)");
    }
    map.put(key, value);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> NATURAL = (a, b) -> a instanceof Double x && b instanceof Double y
      ? ValueComparators.compareDoubles(x, y)
      : a instanceof String x && b instanceof String y ? ValueComparators.compareStrings(x, y)
      : a instanceof byte[] x && b instanceof byte[] y ? java.util.Arrays.compareUnsigned(x, y)
      : ((Comparable) a).compareTo(b);

  /** Nulls first when ascending, last when descending, as Spark's sort_array. */
  private static List<Object> sorted(List<?> list, boolean ascending) {
    List<Object> out = new ArrayList<>(list);
    Comparator<Object> order = ascending ? Comparator.nullsFirst(NATURAL) : Comparator.nullsLast(NATURAL.reversed());
    out.sort(order);
    return Collections.unmodifiableList(out);
  }

  private static List<Object> distinct(List<?> list) {
    List<Object> out = new ArrayList<>();
    for (Object e : list) {
      if (!containsSame(out, e)) {
        out.add(e);
      }
    }
    return Collections.unmodifiableList(out);
  }

  private static Object extreme(List<?> list, boolean max) {
    Object best = null;
    for (Object e : list) {
      if (e != null && (best == null || (max ? NATURAL.compare(e, best) > 0 : NATURAL.compare(e, best) < 0))) {
        best = e;
      }
    }
    return best;
  }

  private static String join(List<?> list, String delimiter, String nullReplacement) {
    StringBuilder sb = new StringBuilder();
    boolean first = true;
    for (Object e : list) {
      if (e == null && nullReplacement == null) {
        continue;
      }
      sb.append(first ? "" : delimiter).append(e == null ? nullReplacement : e);
      first = false;
    }
    return sb.toString();
  }

  private static long position(List<?> list, Object value) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) != null && same(list.get(i), value)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** True if a non-null element is in both; else NULL if both hold something and either holds a NULL; else false. */
  private static Boolean overlap(List<?> a, List<?> b) {
    for (Object e : a) {
      if (e != null && containsSame(b, e)) {
        return true;
      }
    }
    boolean nulls = a.contains(null) || b.contains(null);
    return nulls && !a.isEmpty() && !b.isEmpty() ? null : false;
  }

  private static Object slice(List<?> list, int start, int length) {
    if (start == 0) {
      throw new IllegalArgumentException("slice: SQL array indices start at 1");
    }
    if (length < 0) {
      throw new IllegalArgumentException("slice: the length must be 0 or more, but is " + length);
    }
    int from = start > 0 ? start - 1 : list.size() + start;
    if (from < 0 || from >= list.size()) {
      return List.of();
    }
    return Collections.unmodifiableList(new ArrayList<>(list.subList(from, Math.min(list.size(), from + length))));
  }

  private static Object flatten(List<?> lists) {
    List<Object> out = new ArrayList<>();
    for (Object inner : lists) {
      if (inner == null) {
        return null;
      }
      out.addAll((List<?>) inner);
    }
    return Collections.unmodifiableList(out);
  }

  /** The bytes of an integral value's type: the elements take the widest argument's. */
  private static int width(Object v) {
    return v instanceof Long ? 8 : v instanceof Integer ? 4 : v instanceof Short ? 2 : 1;
  }

  /** An array of the widest integral type of the arguments, as Spark's. */
  private static DataType sequenceType(List<DataType> types) {
    DataType wider = types.get(0);
    for (DataType t : types) {
      if (!t.isIntegral()) {
        throw new IllegalArgumentException("its arguments must be integral numbers, but one is " + t);
      }
      wider = TypeCoercion.widerNumeric(wider, t);
    }
    return DataType.array(wider, false);
  }

  private static Object sequence(Object startValue, Object stopValue, Object stepValue) {
    long start = ((Number) startValue).longValue();
    long stop = ((Number) stopValue).longValue();
    long step = stepValue != null ? ((Number) stepValue).longValue() : start <= stop ? 1 : -1;
    int width = Math.max(width(startValue), Math.max(width(stopValue), stepValue == null ? 0 : width(stepValue)));
    if (step == 0 || (stop - start) / step < 0) {
      throw new IllegalArgumentException("sequence: the step " + step + " does not lead from " + start + " to " + stop);
    }
    List<Object> out = new ArrayList<>();
    for (long v = start; step > 0 ? v <= stop : v >= stop; v += step) {
      out.add(width == 8 ? (Object) v : width == 4 ? (Object) (int) v : width == 2 ? (Object) (short) v : (Object) (byte) v);
    }
    return Collections.unmodifiableList(out);
  }
}
