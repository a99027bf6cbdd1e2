package io.millrace.api.plan;

import io.millrace.spi.data.DataType;
import java.util.Locale;

/**
 * The type a cast names, as {@code CAST(x AS type)} or {@code Column.cast("type")} spell it.
 * Besides {@link DataType#parse}'s names: {@code CHAR(n)} and {@code VARCHAR(n)}, which a
 * Spark cast treats as STRING (no padding, no truncation). A type Millrace lacks, such as
 * {@code FLOAT}, {@code DECIMAL(10,2)} or {@code DATE}, is refused with the reason, never read
 * as a type near it. (The API reads type names itself, as Spark 4's {@code sql/api} does, so
 * that a bad name fails where it is written.)
 */
public final class CastTypes {

  private CastTypes() {
  }

  /**
   * The type {@code text} names.
   *
   * @throws IllegalArgumentException naming the type and why it is refused
   */
  public static DataType parse(String text) {
    String spelled = text.trim().replaceAll("\\s+", " ");
    String upper = spelled.toUpperCase(Locale.ROOT);
    if (upper.contains(" COLLATE ")) {
      throw new IllegalArgumentException("type '" + spelled + "' is not supported: collations are not supported");
    }
    if (isLengthLimitedText(upper)) {
      return DataType.STRING;
    }
    return DataType.parse(spelled);
  }

  /** {@code CHAR(n)} or {@code VARCHAR(n)}, spaces allowed inside the parentheses. */
  private static boolean isLengthLimitedText(String upper) {
    int open = upper.indexOf('(');
    if (open < 0 || !upper.endsWith(")")) {
      return false;
    }
    String name = upper.substring(0, open).trim();
    String length = upper.substring(open + 1, upper.length() - 1).trim();
    return (name.equals("CHAR") || name.equals("VARCHAR")) && !length.isEmpty() && length.chars().allMatch(Character::isDigit);
  }
}
