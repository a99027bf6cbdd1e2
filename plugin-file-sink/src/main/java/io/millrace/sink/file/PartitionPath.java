package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.BitSet;
import java.util.Locale;

/**
 * The Hive-style directory of a row's partition values, as Spark names it: {@code col=value/...},
 * with each name and value escaped by Spark's {@code ExternalCatalogUtils.escapePathName} (a
 * character of its set becomes {@code %XX}) and a null or empty value written as
 * {@value #DEFAULT_PARTITION_NAME}. Values are the text Spark's {@code CAST(v AS STRING)} gives.
 */
final class PartitionPath {
  static final String DEFAULT_PARTITION_NAME = "__HIVE_DEFAULT_PARTITION__";
  private static final BitSet ESCAPED = new BitSet(128);
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .appendPattern("yyyy-MM-dd HH:mm:ss").optionalStart()
      .appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true).optionalEnd().toFormatter(Locale.ROOT);

  static {
    for (char c = 1; c < ' '; c++) {
      ESCAPED.set(c);
    }
    for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
      ESCAPED.set(c);
    }
  }

  private PartitionPath() {}

  /** The directory, relative to the output path and without a trailing slash, of {@code row}'s values at {@code indexes}. */
  static String of(Schema schema, int[] indexes, Row row) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < indexes.length; i++) {
      int index = indexes[i];
      String text = text(schema.field(index).type(), row.get(index));
      out.append(i == 0 ? "" : "/").append(escape(schema.field(index).name())).append('=')
          .append(text == null || text.isEmpty() ? DEFAULT_PARTITION_NAME : escape(text));
    }
    return out.toString();
  }

  static String escape(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 128 && ESCAPED.get(c)) {
        if (out == null) {
          out = new StringBuilder(text.length() + 8).append(text, 0, i);
        }
        out.append('%').append(String.format(Locale.ROOT, "%02X", (int) c));
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text : out.toString();
  }

  private static String text(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    switch (type.kind()) {
      case DATE:
        return TextValues.date((Integer) value);
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
        long micros = (Long) value;
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1_000, ZoneOffset.UTC);
        return TIMESTAMP.format(time);
      case DECIMAL:
        return ((BigDecimal) value).toString();
      default:
        return value.toString();
    }
  }
}
