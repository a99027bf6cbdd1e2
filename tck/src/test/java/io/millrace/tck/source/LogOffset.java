package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A position in a {@link ReferenceSource}'s log: the number of rows before it, as {@code {"next":5}}. */
record LogOffset(long next) implements Offset {
  private static final Pattern JSON = Pattern.compile("\\{\"next\":(\\d{1,18})\\}");

  static LogOffset parse(String json) {
    Matcher m = JSON.matcher(json.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a reference log offset: '" + json + "'; expected {\"next\":<rows>}");
    }
    return new LogOffset(Long.parseLong(m.group(1)));
  }

  static LogOffset of(Offset offset) {
    return offset instanceof LogOffset log ? log : parse(offset.json());
  }

  @Override
  public String json() {
    return "{\"next\":" + next + "}";
  }
}
