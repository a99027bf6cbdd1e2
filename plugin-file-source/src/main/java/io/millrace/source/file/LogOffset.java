package io.millrace.source.file;

import io.millrace.spi.source.Offset;

/**
 * The file source's offset: the sequence number of the last source-log entry a batch covers,
 * {@code {"logOffset":n}}. {@code -1} is the position before the first file.
 */
record LogOffset(long logOffset) implements Offset {
  static final LogOffset INITIAL = new LogOffset(-1);

  @Override
  public String json() {
    return "{\"logOffset\":" + logOffset + "}";
  }

  /** Reads {@link #json()} back; throws IllegalArgumentException naming the text otherwise. */
  static LogOffset parse(String json) {
    String compact = json == null ? "" : json.replaceAll("\\s", "");
    if (!compact.startsWith("{\"logOffset\":") || !compact.endsWith("}")) {
      throw new IllegalArgumentException("'" + json + "' is not a file source offset such as {\"logOffset\":7}");
    }
    try {
      long n = Long.parseLong(compact.substring("{\"logOffset\":".length(), compact.length() - 1));
      if (n < -1) {
        throw new IllegalArgumentException("'" + json + "' has a negative logOffset");
      }
      return new LogOffset(n);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + json + "' is not a file source offset such as {\"logOffset\":7}", e);
    }
  }
}
