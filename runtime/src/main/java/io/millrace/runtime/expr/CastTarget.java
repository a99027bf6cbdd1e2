package io.millrace.runtime.expr;

import io.millrace.spi.data.DataType;

/**
 * The type a cast names, as {@code CAST(x AS type)} or {@code Column.cast("type")} spell it.
 * Besides {@link DataType#parse}'s names: {@code CHAR(n)} and {@code VARCHAR(n)}, which a
 * Spark cast treats as STRING (no padding, no truncation). A type Millrace lacks, such as
 * {@code FLOAT}, {@code DECIMAL(10,2)} or {@code DATE}, is refused with the reason, never read
 * as a type near it. The API reads type names ({@link io.millrace.api.plan.CastTypes}); SQL text
 * reads them the same way.
 */
public final class CastTarget {

  private CastTarget() {
  }

  /**
   * The type {@code text} names.
   *
   * @throws IllegalArgumentException naming the type and why it is refused
   */
  public static DataType parse(String text) {
    return io.millrace.api.plan.CastTypes.parse(text);
  }
}
