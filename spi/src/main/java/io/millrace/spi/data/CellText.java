package io.millrace.spi.data;

import java.util.Locale;

/**
 * The text of one value in a {@code show()} table, as Spark prints it: {@code null},
 * timestamps as {@link TimestampText} writes them ({@code 2024-05-01 12:00:00.25}, UTC),
 * binary as {@code [0A FF]}, structs as {@code {1, a}}.
 */
final class CellText {
  private CellText() {}

  static String of(Object value, DataType type) {
    if (value == null) {
      return "null";
    }
    switch (type.kind()) {
      case TIMESTAMP:
        return TimestampText.format((Long) value);
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

  private static String struct(Row row, DataType type) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < row.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(of(row.get(i), type.fields().field(i).type()));
    }
    return sb.append('}').toString();
  }
}
