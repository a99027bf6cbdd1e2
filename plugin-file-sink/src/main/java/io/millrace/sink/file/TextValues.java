package io.millrace.sink.file;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Dates and timestamps as text, as Spark 4.0.1's JSON and CSV writers print them by default:
 * {@code yyyy-MM-dd}, {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX} in the session time zone (UTC here:
 * the engine keeps timestamps in UTC) and {@code yyyy-MM-dd'T'HH:mm:ss.SSS} for TIMESTAMP_NTZ.
 * Both cut microseconds to milliseconds, as Spark's default patterns do.
 */
final class TextValues {
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIMESTAMP_NTZ =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS", Locale.ROOT);

  private TextValues() {}

  static String date(int epochDay) {
    return DATE.format(LocalDate.ofEpochDay(epochDay));
  }

  static String timestamp(long micros) {
    return TIMESTAMP.format(instant(micros));
  }

  static String timestampNtz(long micros) {
    return TIMESTAMP_NTZ.format(LocalDateTime.ofInstant(instant(micros), ZoneOffset.UTC));
  }

  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  /** Spark's text for a binary value in CSV: {@code [00 FF 41]}. */
  static String binary(byte[] bytes) {
    StringBuilder out = new StringBuilder(bytes.length * 3 + 2).append('[');
    for (int i = 0; i < bytes.length; i++) {
      out.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", bytes[i] & 0xff));
    }
    return out.append(']').toString();
  }
}
