package io.millrace.tck.source;

import io.millrace.spi.source.Offset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A position as the number of batches before it, {@code {"batch":3}}. */
record BatchOffset(long batch) implements Offset {
  private static final Pattern JSON = Pattern.compile("\\{\"batch\":(\\d{1,18})\\}");

  static BatchOffset of(Offset offset) {
    if (offset instanceof BatchOffset b) {
      return b;
    }
    Matcher m = JSON.matcher(offset.json().trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a batch offset: '" + offset.json() + "'; expected {\"batch\":<n>}");
    }
    return new BatchOffset(Long.parseLong(m.group(1)));
  }

  @Override
  public String json() {
    return "{\"batch\":" + batch + "}";
  }
}
