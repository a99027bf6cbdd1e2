package io.millrace.spi.data;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The text of one value in a {@code show()} table, as Spark prints it: {@code null},
 * timestamps as {@code 2024-05-01 12:00:00.25} in UTC (fraction without trailing zeros),
 * binary as {@code [0A FF]}, structs as {@code {1, a}}.
 */
final class CellText {
  private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private CellText() {}

  static String of(Object value, DataType type) {
    if (value == null) {
      return "null";
    }
    switch (type.kind()) {
      case TIMESTAMP:
        return timestamp((Long) value);
      case BINARY:
        return binary((byte[]) value);
      case STRUCT:
        return struct((Row) value, type);
      default:
        return value.toString();
    }
  }

  private static String timestamp(long micros) {
    long seconds = Math.floorDiv(micros, 1_000_000L);
    long fraction = Math.floorMod(micros, 1_000_000L);
    String text = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC).format(SECONDS);
    if (fraction == 0) {
      return text;
    }
    String digits = String.format(Locale.ROOT, "%06d", fraction).replaceAll("0+$", "");
    return text + "." + digits;
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
