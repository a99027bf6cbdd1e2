package io.millrace.spi.data;

import java.util.Locale;

/**
 * The text of one value in a {@code show()} table, as Spark 4 prints it: {@code NULL} (inside
 * arrays, maps and structs too),
 * timestamps as {@link TimestampText} writes them ({@code 2024-05-01 12:00:00.25}, UTC),
 * binary as {@code [0A FF]}, structs as {@code {1, a}}, dates as {@code 2024-05-01}, decimals
 * with their scale ({@code 1.50}), arrays as {@code [a, b]}, maps as {@code {a -> 1, b -> 2}}.
 */
final class CellText {
  private CellText() {}

  static String of(Object value, DataType type) {
    if (value == null) {
      return "NULL";
    }
    switch (type.kind()) {
      case TIMESTAMP: case TIMESTAMP_NTZ:
        return TimestampText.format((Long) value);
      case DATE:
        return TimestampText.formatDate((Integer) value);
      case DECIMAL:
        return ((java.math.BigDecimal) value).toPlainString();
      case ARRAY:
        return array((java.util.List<?>) value, type.elementType());
      case MAP:
        return map((java.util.Map<?, ?>) value, type);
      case BINARY:
        return binary((byte[]) value);
      case STRUCT:
        return struct((Row) value, type);
      default:
        return value.toString();
    }
  }

  private static String binary(byte[] bytes) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < bytes.length; i++) {
      sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", bytes[i]));
    }
    return sb.append(']').toString();
  }

  private static String array(java.util.List<?> values, DataType element) {
    StringBuilder sb = new StringBuilder("[");
    for (Object v : values) {
      sb.append(sb.length() == 1 ? "" : ", ").append(of(v, element));
    }
    return sb.append(']').toString();
  }

  private static String map(java.util.Map<?, ?> values, DataType type) {
    StringBuilder sb = new StringBuilder("{");
    for (java.util.Map.Entry<?, ?> e : values.entrySet()) {
      sb.append(sb.length() == 1 ? "" : ", ").append(of(e.getKey(), type.keyType())).append(" -> ")
          .append(of(e.getValue(), type.valueType()));
    }
    return sb.append('}').toString();
  }

  private static String struct(Row row, DataType type) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < row.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(of(row.get(i), type.fields().field(i).type()));
    }
    return sb.append('}').toString();
  }
}
