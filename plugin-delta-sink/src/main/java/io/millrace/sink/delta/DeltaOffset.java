package io.millrace.sink.delta;

import io.millrace.spi.MillraceException;
import io.millrace.spi.source.Offset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A position in a Delta table: every commit up to and including {@code version} is read;
 * {@code -1} is before the table's first commit. JSON {@code {"version":N}}.
 */
record DeltaOffset(long version) implements Offset {
  private static final Pattern JSON = Pattern.compile("\\s*\\{\\s*\"version\"\\s*:\\s*(-?\\d+)\\s*}\\s*");

  static final DeltaOffset BEFORE_FIRST = new DeltaOffset(-1);

  DeltaOffset {
    if (version < -1) {
      throw new IllegalArgumentException("a Delta offset's version is -1 or more, got " + version);
    }
  }

  static DeltaOffset parse(String json, String table) {
    Matcher m = JSON.matcher(json);
    if (!m.matches()) {
      throw new MillraceException("source 'delta' (table " + table + ") cannot read the offset '" + json
          + "'; expected {\"version\":N}, as this source writes: was the checkpoint written by another source?");
    }
    return new DeltaOffset(Long.parseLong(m.group(1)));
  }

  @Override
  public String json() {
    return "{\"version\":" + version + "}";
  }

  @Override
  public String toString() {
    return json();
  }
}
