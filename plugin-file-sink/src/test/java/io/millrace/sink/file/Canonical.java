package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A row as one line of text, the same way the Spark program that made {@link SparkReadsTest}'s
 * facts prints what Spark read: {@code name=value | ...}; strings quoted, decimals plain with
 * their scale, binary in hex, DATE as ISO date, TIMESTAMP as epoch microseconds, TIMESTAMP_NTZ
 * as ISO local date-time, arrays {@code [..]}, maps {@code {k: v}}, structs {@code {name=v}}.
 */
final class Canonical {
  private Canonical() {}

  static String row(Schema schema, Row row) {
    StringJoiner out = new StringJoiner(" | ");
    for (int i = 0; i < schema.size(); i++) {
      out.add(schema.field(i).name() + "=" + value(schema.field(i).type(), row.get(i)));
    }
    return out.toString();
  }

  private static String value(DataType type, Object v) {
    if (v == null) {
      return "null";
    }
    return switch (type.kind()) {
      case STRING -> "\"" + v + "\"";
      case DECIMAL -> ((BigDecimal) v).toPlainString();
      case BINARY -> "0x" + HexFormat.of().withUpperCase().formatHex((byte[]) v);
      case DATE -> LocalDate.ofEpochDay((Integer) v).toString();
      case TIMESTAMP -> v + "us";
      case TIMESTAMP_NTZ -> LocalDateTime.ofEpochSecond(Math.floorDiv((Long) v, 1_000_000L),
          (int) Math.floorMod((Long) v, 1_000_000L) * 1000, ZoneOffset.UTC).toString();
      case STRUCT -> {
        StringJoiner s = new StringJoiner(", ", "{", "}");
        Schema fields = type.fields();
        for (int i = 0; i < fields.size(); i++) {
          s.add(fields.field(i).name() + "=" + value(fields.field(i).type(), ((Row) v).get(i)));
        }
        yield s.toString();
      }
      case ARRAY -> {
        StringJoiner s = new StringJoiner(", ", "[", "]");
        for (Object e : (List<?>) v) {
          s.add(value(type.elementType(), e));
        }
        yield s.toString();
      }
      case MAP -> {
        StringJoiner s = new StringJoiner(", ", "{", "}");
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          s.add(value(type.keyType(), e.getKey()) + ": " + value(type.valueType(), e.getValue()));
        }
        yield s.toString();
      }
      default -> v.toString();
    };
  }
}
