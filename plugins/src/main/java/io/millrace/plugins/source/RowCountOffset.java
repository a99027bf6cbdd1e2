package io.millrace.plugins.source;

import io.millrace.spi.MillraceException;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;

/**
 * An offset that counts rows: {@code n} means the first {@code n} rows are behind it. Its JSON
 * is the plain number, such as {@code 7}, so equal positions have identical JSON.
 */
record RowCountOffset(long rows) implements Offset {
  static final RowCountOffset ZERO = new RowCountOffset(0);

  RowCountOffset {
    if (rows < 0) {
      throw new IllegalArgumentException("a row count offset cannot be negative: " + rows);
    }
  }

  @Override
  public String json() {
    return Long.toString(rows);
  }

  /** Reads {@link #json()} back; {@code owner} (e.g. {@code source 'rate'}) names the source in errors. */
  static RowCountOffset parse(String json, String owner) {
    try {
      long rows = Long.parseLong(json.trim());
      if (rows >= 0) {
        return new RowCountOffset(rows);
      }
    } catch (NumberFormatException e) {
      // Reported below with the value.
    }
    throw new MillraceException(owner + " cannot read the offset '" + json + "'; expected a row count such as 7");
  }

  /** {@code offset} as a row count, whether this source made it or the runtime read it back as JSON. */
  static RowCountOffset of(Offset offset, String owner) {
    return offset instanceof RowCountOffset rowCount ? rowCount : parse(offset.json(), owner);
  }

  /**
   * The end of a batch that starts after {@code start}: {@code available} rows, but no more than
   * the limit's {@code maxRows} past {@code start}, and never before {@code start}.
   */
  static RowCountOffset next(RowCountOffset start, long available, ReadLimit limit) {
    long end = available;
    if (limit.maxRows().isPresent()) {
      long max = limit.maxRows().getAsLong();
      end = Math.min(end, start.rows > Long.MAX_VALUE - max ? Long.MAX_VALUE : start.rows + max);
    }
    return end <= start.rows ? start : new RowCountOffset(end);
  }

  @Override
  public String toString() {
    return json();
  }
}
