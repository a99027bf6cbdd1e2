package io.millrace.api;

import io.millrace.api.plan.ColumnNode;
import io.millrace.api.plan.Operator;
import java.util.ArrayList;
import java.util.List;

/**
 * Column functions with Spark's names, for {@code import static io.millrace.api.functions.*}.
 * The same functions are callable by name in SQL expression text, and each function here is
 * a call of the SQL function of its name ({@link ColumnNode.Call}). Time functions work in UTC, Millrace's only session time zone, on
 * TIMESTAMP values (microseconds since the epoch), with Spark's non-ANSI results; where they
 * take text they read it as a cast does, such as {@code 2026-09-14 23:59:57.067} or
 * {@code 2026-09-14T23:59:57.067Z}, and patterns are Spark's datetime patterns.
 */
public final class functions {

  private functions() {
  }

  // ---- columns, literals and SQL ----

  /** The column named {@code name}: that exact name, else the one matching ignoring case. */
  public static Column col(String name) {
    return new Column(new ColumnNode.ColumnReference(name));
  }

  /** The same as {@link #col}. */
  public static Column column(String name) {
    return col(name);
  }

  /**
   * A literal: a Column is returned as is; Integer, Short and Byte make INT, Long LONG, Double
   * and Float DOUBLE, Boolean, String and byte[] their own types, an Instant a TIMESTAMP, and
   * null a NULL that takes its type from the expression around it.
   *
   * @throws IllegalArgumentException for any other class
   */
  public static Column lit(Object value) {
    return value instanceof Column ? (Column) value : new Column(new ColumnNode.Literal(value));
  }

  /**
   * A column from SQL text, such as {@code expr("upper(key) AS k2")}; a trailing alias is
   * allowed, as in Spark's selectExpr.
   *
   * <p>The text is parsed when the query is resolved (at {@code start()} or {@code explain()}),
   * and text that does not parse fails there with an {@link AnalysisException} naming the
   * position.
   */
  public static Column expr(String sql) {
    return new Column(new ColumnNode.SqlExpression(sql, true));
  }

  // ---- logic and conditionals ----

  public static Column not(Column e) {
    return new Column(Operator.NOT.call(e.node()));
  }

  public static Column isnull(Column e) {
    return e.isNull();
  }

  public static Column isnotnull(Column e) {
    return e.isNotNull();
  }

  /** The first argument that is not NULL; the arguments must share a type or all be numeric. */
  public static Column coalesce(Column... columns) {
    return call("coalesce", columns);
  }

  /**
   * A CASE expression: {@code when(cond, value)}, continued with {@link Column#when} and ended
   * with {@link Column#otherwise}. Without otherwise, rows that match no branch get NULL.
   */
  public static Column when(Column condition, Object value) {
    return new Column(new ColumnNode.CaseWhen(List.of(condition.node()), List.of(Column.toNode(value)), null));
  }

  // ---- strings ----

  public static Column upper(Column e) {
    return call("upper", e);
  }

  public static Column lower(Column e) {
    return call("lower", e);
  }

  /** Removes leading and trailing spaces (U+0020 only, as Spark does). */
  public static Column trim(Column e) {
    return call("trim", e);
  }

  public static Column ltrim(Column e) {
    return call("ltrim", e);
  }

  public static Column rtrim(Column e) {
    return call("rtrim", e);
  }

  /** The number of characters of a string, or of bytes of a BINARY value. */
  public static Column length(Column e) {
    return call("length", e);
  }

  /** The arguments' text joined; NULL when any is NULL. */
  public static Column concat(Column... columns) {
    return call("concat", columns);
  }

  /**
   * {@code len} characters from position {@code pos}, counted from 1; a negative {@code pos}
   * counts from the end.
   */
  public static Column substring(Column str, int pos, int len) {
    return call("substring", str, lit(pos), lit(len));
  }

  /** The number of characters (code points) of a string, or of bytes of a BINARY value. */
  public static Column char_length(Column str) {
    return call("char_length", str);
  }

  /** The same as {@link #char_length}. */
  public static Column character_length(Column str) {
    return call("character_length", str);
  }

  /**
   * The text of the columns and of the elements of array columns, joined by {@code sep};
   * NULLs are skipped, unlike {@link #concat}.
   */
  public static Column concat_ws(String sep, Column... exprs) {
    Column[] arguments = new Column[exprs.length + 1];
    arguments[0] = lit(sep);
    System.arraycopy(exprs, 0, arguments, 1, exprs.length);
    return call("concat_ws", arguments);
  }

  /** Every match of the regular expression {@code pattern} replaced; {@code $1} in {@code replacement} is group 1. */
  public static Column regexp_replace(Column e, String pattern, String replacement) {
    return regexp_replace(e, lit(pattern), lit(replacement));
  }

  public static Column regexp_replace(Column e, Column pattern, Column replacement) {
    return call("regexp_replace", e, pattern, replacement);
  }

  /**
   * Group {@code groupIdx} (0 for the whole match) of the first match of the regular expression
   * {@code exp}; the empty string when nothing matches.
   */
  public static Column regexp_extract(Column e, String exp, int groupIdx) {
    return call("regexp_extract", e, lit(exp), lit(groupIdx));
  }

  /** Whether the regular expression {@code regexp} matches some part of {@code str} ({@code str RLIKE regexp}). */
  public static Column regexp_like(Column str, Column regexp) {
    return call("regexp_like", str, regexp);
  }

  /** The same as {@link #regexp_like}. */
  public static Column rlike(Column str, Column regexp) {
    return call("rlike", str, regexp);
  }

  /** The same as {@link #regexp_like}. */
  public static Column regexp(Column str, Column regexp) {
    return call("regexp", str, regexp);
  }

  /** The parts of {@code str} around the matches of the regular expression {@code pattern}, as an array. */
  public static Column split(Column str, String pattern) {
    return split(str, lit(pattern));
  }

  /** At most {@code limit} parts when it is positive, the last holding the rest. */
  public static Column split(Column str, String pattern, int limit) {
    return split(str, lit(pattern), lit(limit));
  }

  public static Column split(Column str, Column pattern) {
    return call("split", str, pattern);
  }

  public static Column split(Column str, Column pattern, Column limit) {
    return call("split", str, pattern, limit);
  }

  /** The 1-based position of the first {@code substring} in {@code str}, or 0. */
  public static Column instr(Column str, String substring) {
    return instr(str, lit(substring));
  }

  public static Column instr(Column str, Column substring) {
    return call("instr", str, substring);
  }

  /** The 1-based position of the first {@code substr} in {@code str}, or 0. */
  public static Column locate(String substr, Column str) {
    return call("locate", lit(substr), str);
  }

  /** The 1-based position of the first {@code substr} in {@code str} at or after {@code pos}, or 0. */
  public static Column locate(String substr, Column str, int pos) {
    return call("locate", lit(substr), str, lit(pos));
  }

  /** {@code str} filled on the left with {@code pad} to {@code len} characters, or cut to them. */
  public static Column lpad(Column str, int len, String pad) {
    return lpad(str, lit(len), lit(pad));
  }

  /** BINARY {@code str} filled on the left with the bytes of {@code pad} to {@code len} bytes, or cut to them. */
  public static Column lpad(Column str, int len, byte[] pad) {
    return lpad(str, lit(len), lit(pad));
  }

  public static Column lpad(Column str, Column len, Column pad) {
    return call("lpad", str, len, pad);
  }

  /** {@code str} filled on the right with {@code pad} to {@code len} characters, or cut to them. */
  public static Column rpad(Column str, int len, String pad) {
    return rpad(str, lit(len), lit(pad));
  }

  public static Column rpad(Column str, int len, byte[] pad) {
    return rpad(str, lit(len), lit(pad));
  }

  public static Column rpad(Column str, Column len, Column pad) {
    return call("rpad", str, len, pad);
  }

  /** {@code src} without any {@code search} in it. */
  public static Column replace(Column src, Column search) {
    return call("replace", src, search);
  }

  /** Every {@code search} in {@code src} replaced by {@code replace} (plain text, not a regular expression). */
  public static Column replace(Column src, Column search, Column replace) {
    return call("replace", src, search, replace);
  }

  /**
   * Each character of {@code src} found in {@code matchingString} replaced by the character at
   * the same place in {@code replaceString}, or removed when that is shorter.
   */
  public static Column translate(Column src, String matchingString, String replaceString) {
    return call("translate", src, lit(matchingString), lit(replaceString));
  }

  /** The first letter of each word (after a space) in title case, the rest in lower case. */
  public static Column initcap(Column e) {
    return call("initcap", e);
  }

  /** A string's characters, or an array's elements, in reverse order. */
  public static Column reverse(Column e) {
    return call("reverse", e);
  }

  /** {@code str} repeated {@code n} times. */
  public static Column repeat(Column str, int n) {
    return repeat(str, lit(n));
  }

  public static Column repeat(Column str, Column n) {
    return call("repeat", str, n);
  }

  /** The number {@code x} with thousands separators and {@code d} decimal places, rounded half to even. */
  public static Column format_number(Column x, int d) {
    return call("format_number", x, lit(d));
  }

  /** Java's {@code String.format(format, ..)} of the arguments' values, in the US locale. */
  public static Column format_string(String format, Column... arguments) {
    Column[] all = new Column[arguments.length + 1];
    all[0] = lit(format);
    System.arraycopy(arguments, 0, all, 1, arguments.length);
    return call("format_string", all);
  }

  /** The same as {@link #format_string}, with the format a column. */
  public static Column printf(Column format, Column... arguments) {
    Column[] all = new Column[arguments.length + 1];
    all[0] = format;
    System.arraycopy(arguments, 0, all, 1, arguments.length);
    return call("printf", all);
  }

  // ---- hashes ----

  /** The MD5 digest of a BINARY value (or a string's UTF-8 bytes) as hex text. */
  public static Column md5(Column e) {
    return call("md5", e);
  }

  /** The SHA-1 digest as hex text. */
  public static Column sha1(Column e) {
    return call("sha1", e);
  }

  /**
   * The SHA-2 digest of {@code numBits} (224, 256, 384, 512, or 0 for 256) as hex text.
   *
   * @throws IllegalArgumentException for any other number of bits, as Spark's does
   */
  public static Column sha2(Column e, int numBits) {
    if (numBits != 0 && numBits != 224 && numBits != 256 && numBits != 384 && numBits != 512) {
      throw new IllegalArgumentException("numBits " + numBits
          + " is not in the permitted values (0, 224, 256, 384, 512)");
    }
    return call("sha2", e, lit(numBits));
  }

  /** The CRC-32 of a BINARY value (or a string's UTF-8 bytes), as a BIGINT. */
  public static Column crc32(Column e) {
    return call("crc32", e);
  }

  /** Spark's Murmur3 hash of the columns (seed 42) as an INT: the same value Spark gives. */
  public static Column hash(Column... cols) {
    return call("hash", cols);
  }

  /** Spark's 64-bit xxHash of the columns (seed 42) as a BIGINT: the same value Spark gives. */
  public static Column xxhash64(Column... cols) {
    return call("xxhash64", cols);
  }

  // ---- math ----

  public static Column abs(Column e) {
    return call("abs", e);
  }

  /** Rounds half away from zero to a whole number, keeping the type. */
  public static Column round(Column e) {
    return round(e, 0);
  }

  /** Rounds half away from zero to {@code scale} decimal places, keeping the type. */
  public static Column round(Column e, int scale) {
    return call("round", e, lit(scale));
  }

  /** The largest whole number not above the value, as LONG. */
  public static Column floor(Column e) {
    return call("floor", e);
  }

  /** The smallest whole number not below the value, as LONG. */
  public static Column ceil(Column e) {
    return call("ceil", e);
  }

  // ---- time ----

  /**
   * The batch's logical timestamp. It is recorded with the batch, so a replay computes the
   * same value.
   */
  public static Column current_timestamp() {
    return call("current_timestamp");
  }

  /**
   * Text as a cast reads it (such as {@code 2026-09-14 23:59:57.067} or
   * {@code 2026-09-14T23:59:57Z}), or a number of seconds since the epoch, as a TIMESTAMP; NULL
   * for text that is no timestamp.
   */
  public static Column to_timestamp(Column e) {
    return call("to_timestamp", e);
  }

  /**
   * Text in a Spark datetime {@code pattern} (e.g. {@code yyyy-MM-dd HH:mm:ss}) as a TIMESTAMP,
   * in UTC unless the text has a zone; NULL if it does not parse. A TIMESTAMP is itself.
   */
  public static Column to_timestamp(Column e, String pattern) {
    return call("to_timestamp", e, lit(pattern));
  }

  /** A TIMESTAMP as text in a Spark datetime {@code pattern}, in UTC. */
  public static Column date_format(Column e, String pattern) {
    return call("date_format", e, lit(pattern));
  }

  public static Column year(Column e) {
    return call("year", e);
  }

  public static Column month(Column e) {
    return call("month", e);
  }

  public static Column dayofmonth(Column e) {
    return call("dayofmonth", e);
  }

  public static Column hour(Column e) {
    return call("hour", e);
  }

  public static Column minute(Column e) {
    return call("minute", e);
  }

  public static Column second(Column e) {
    return call("second", e);
  }

  /** The batch timestamp in whole seconds since the epoch, as LONG. */
  public static Column unix_timestamp() {
    return call("unix_timestamp");
  }

  /**
   * A TIMESTAMP, or text in the form {@code yyyy-MM-dd HH:mm:ss}, in whole seconds since the
   * epoch, as LONG; the fraction is truncated toward zero, as in Spark.
   */
  public static Column unix_timestamp(Column e) {
    return call("unix_timestamp", e);
  }

  /** Text in a Spark datetime {@code pattern} in whole seconds since the epoch, as LONG. */
  public static Column unix_timestamp(Column e, String pattern) {
    return call("unix_timestamp", e, lit(pattern));
  }

  /** Seconds since the epoch (fractions allowed) as a TIMESTAMP. */
  public static Column timestamp_seconds(Column e) {
    return call("timestamp_seconds", e);
  }

  /** Milliseconds since the epoch as a TIMESTAMP. */
  public static Column timestamp_millis(Column e) {
    return call("timestamp_millis", e);
  }

  /** Microseconds since the epoch as a TIMESTAMP. */
  public static Column timestamp_micros(Column e) {
    return call("timestamp_micros", e);
  }

  /** A call of the SQL function {@code name}. */
  private static Column call(String name, Column... arguments) {
    List<ColumnNode> nodes = new ArrayList<>(arguments.length);
    for (Column c : arguments) {
      nodes.add(c.node());
    }
    return new Column(new ColumnNode.Call(name, nodes));
  }

  // ---- aggregate functions, for groupBy(..).agg(..) ----

  /** The number of rows whose {@code column} is not null. */
  public static Column count(Column column) {
    return call("count", column);
  }

  /** The number of rows whose {@code column} is not null; {@code count("*")} counts every row. */
  public static Column count(String column) {
    return column.equals("*")
        ? new Column(new ColumnNode.Call("count", List.of(new ColumnNode.Star())))
        : count(col(column));
  }

  /** The sum of the non-null values: LONG for whole numbers, DOUBLE otherwise. */
  public static Column sum(Column column) {
    return call("sum", column);
  }

  public static Column sum(String column) {
    return sum(col(column));
  }

  public static Column min(Column column) {
    return call("min", column);
  }

  public static Column min(String column) {
    return min(col(column));
  }

  public static Column max(Column column) {
    return call("max", column);
  }

  public static Column max(String column) {
    return max(col(column));
  }

  /** The mean of the non-null values, as DOUBLE. */
  public static Column avg(Column column) {
    return call("avg", column);
  }

  public static Column avg(String column) {
    return avg(col(column));
  }


  // ---- event-time windows ----

  /**
   * Tumbling windows of {@code duration} (such as {@code "5 minutes"}) over a TIMESTAMP column.
   * The duration is read when the query is resolved; a bad one fails {@code start()}.
   */
  public static Column window(Column time, String duration) {
    return call("window", time, lit(duration));
  }

  /** Sliding windows of {@code duration} starting every {@code slide}. */
  public static Column window(Column time, String duration, String slide) {
    return call("window", time, lit(duration), lit(slide));
  }

  public static Column window(String time, String duration) {
    return window(col(time), duration);
  }

  public static Column window(String time, String duration, String slide) {
    return window(col(time), duration, slide);
  }
}
