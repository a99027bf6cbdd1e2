package io.millrace.spi.source;

import java.util.OptionalLong;

/**
 * How much one batch may take, as passed to {@link Source#latestOffset}. A source honours the
 * limits it understands (and declares {@link SourceCapability#RATE_LIMIT}); every limit is an
 * upper bound, except that a source must make progress: it may exceed a limit to take one
 * indivisible unit (one file, one row).
 */
public final class ReadLimit {
  private static final ReadLimit ALL = new ReadLimit(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());

  private final OptionalLong maxRows;
  private final OptionalLong maxFiles;
  private final OptionalLong maxBytes;

  private ReadLimit(OptionalLong maxRows, OptionalLong maxFiles, OptionalLong maxBytes) {
    this.maxRows = maxRows;
    this.maxFiles = maxFiles;
    this.maxBytes = maxBytes;
  }

  /** Everything available. */
  public static ReadLimit allAvailable() {
    return ALL;
  }

  public static ReadLimit maxRows(long rows) {
    return ALL.withMaxRows(rows);
  }

  public ReadLimit withMaxRows(long rows) {
    return new ReadLimit(positive("maxRows", rows), maxFiles, maxBytes);
  }

  public ReadLimit withMaxFiles(long files) {
    return new ReadLimit(maxRows, positive("maxFiles", files), maxBytes);
  }

  public ReadLimit withMaxBytes(long bytes) {
    return new ReadLimit(maxRows, maxFiles, positive("maxBytes", bytes));
  }

  private static OptionalLong positive(String what, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(what + " must be positive, got " + value);
    }
    return OptionalLong.of(value);
  }

  public OptionalLong maxRows() {
    return maxRows;
  }

  public OptionalLong maxFiles() {
    return maxFiles;
  }

  public OptionalLong maxBytes() {
    return maxBytes;
  }

  public boolean isAllAvailable() {
    return maxRows.isEmpty() && maxFiles.isEmpty() && maxBytes.isEmpty();
  }

  @Override
  public String toString() {
    if (isAllAvailable()) {
      return "all available";
    }
    StringBuilder sb = new StringBuilder();
    maxRows.ifPresent(v -> sb.append("maxRows=").append(v).append(' '));
    maxFiles.ifPresent(v -> sb.append("maxFiles=").append(v).append(' '));
    maxBytes.ifPresent(v -> sb.append("maxBytes=").append(v).append(' '));
    return sb.toString().trim();
  }
}
