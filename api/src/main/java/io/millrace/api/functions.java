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

  /** {@code a} unless it is NULL, then {@code b} ({@code coalesce(a, b)}). */
  public static Column nvl(Column a, Column b) {
    return call("nvl", a, b);
  }

  /** The same as {@link #nvl}. */
  public static Column ifnull(Column a, Column b) {
    return call("ifnull", a, b);
  }

  /** {@code ifNotNull} when {@code x} is not NULL, else {@code ifNull}. */
  public static Column nvl2(Column x, Column ifNotNull, Column ifNull) {
    return call("nvl2", x, ifNotNull, ifNull);
  }

  /** NULL when {@code a = b} is TRUE, else {@code a}. */
  public static Column nullif(Column a, Column b) {
    return call("nullif", a, b);
  }

  /** The largest argument that is not NULL (NaN above every number); NULL when all are. At least two. */
  public static Column greatest(Column... columns) {
    return call("greatest", columns);
  }

  /** The smallest argument that is not NULL; NULL when all are. At least two. */
  public static Column least(Column... columns) {
    return call("least", columns);
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

  /** Upper-case hex of a number's two's complement, or of text's or binary's bytes. */
  public static Column hex(Column e) {
    return call("hex", e);
  }

  /** The bytes hex digits spell; NULL if a character is not a hex digit. */
  public static Column unhex(Column e) {
    return call("unhex", e);
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

  /**
   * Rounds down to {@code scale} decimal places (a negative scale to tens, hundreds, ..), as a
   * DECIMAL; {@code scale} must be an integer literal, {@code lit(2)}, as in Spark.
   */
  public static Column floor(Column e, Column scale) {
    return call("floor", e, scale);
  }

  /**
   * Rounds up to {@code scale} decimal places, as a DECIMAL; {@code scale} must be an integer
   * literal, {@code lit(2)}.
   */
  public static Column ceil(Column e, Column scale) {
    return call("ceil", e, scale);
  }

  /** The same as {@link #ceil(Column)}. */
  public static Column ceiling(Column e) {
    return call("ceiling", e);
  }

  /** The same as {@link #ceil(Column, Column)}. */
  public static Column ceiling(Column e, Column scale) {
    return call("ceiling", e, scale);
  }

  /** Rounds half to even (banker's rounding) to a whole number, keeping the type. */
  public static Column bround(Column e) {
    return bround(e, 0);
  }

  /** Rounds half to even to {@code scale} decimal places, keeping the type. */
  public static Column bround(Column e, int scale) {
    return call("bround", e, lit(scale));
  }

  // Functions of DOUBLE: numbers and numeric text are read as DOUBLE, NULL gives NULL.

  public static Column sqrt(Column e) {
    return call("sqrt", e);
  }

  public static Column cbrt(Column e) {
    return call("cbrt", e);
  }

  public static Column exp(Column e) {
    return call("exp", e);
  }

  /** {@code l} to the power {@code r}. */
  public static Column pow(Column l, Column r) {
    return call("pow", l, r);
  }

  public static Column pow(Column l, double r) {
    return pow(l, lit(r));
  }

  public static Column pow(double l, Column r) {
    return pow(lit(l), r);
  }

  /** The same as {@link #pow(Column, Column)}. */
  public static Column power(Column l, Column r) {
    return call("power", l, r);
  }

  /** The natural logarithm; NULL for zero or a negative number. */
  public static Column ln(Column e) {
    return call("ln", e);
  }

  /** The natural logarithm; NULL for zero or a negative number. */
  public static Column log(Column e) {
    return call("log", e);
  }

  /** The logarithm to {@code base}; NULL when the value or the base is zero or negative. */
  public static Column log(double base, Column e) {
    return call("log", lit(base), e);
  }

  public static Column log10(Column e) {
    return call("log10", e);
  }

  public static Column log2(Column e) {
    return call("log2", e);
  }

  /** -1.0, 0.0 or 1.0 by the sign of the value (-0.0 for -0.0, NaN for NaN). */
  public static Column sign(Column e) {
    return call("sign", e);
  }

  /** The same as {@link #sign}. */
  public static Column signum(Column e) {
    return call("signum", e);
  }

  /** Whether the value is NaN; FALSE, never NULL, for NULL. */
  public static Column isnan(Column e) {
    return call("isnan", e);
  }

  /** {@code a % n} made positive for a positive {@code n}: {@code pmod(-7, 3)} is 2. */
  public static Column pmod(Column a, Column n) {
    return call("pmod", a, n);
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

  // ---- arrays and maps (issue 16) ----------------------------------------------------------

  public static Column array(Column... elements) {
    return call("array", elements);
  }

  /** A map of keys and values in turn: {@code map(lit("a"), lit(1), lit("b"), lit(2))}. */
  public static Column map(Column... keysAndValues) {
    return call("map", keysAndValues);
  }

  /** A struct of the columns, each field named as its column (or col1, col2, .. for other expressions). */
  public static Column struct(Column... fields) {
    return call("struct", fields);
  }

  public static Column size(Column e) {
    return call("size", e);
  }

  /** An array's element at a one-based {@code index} (negative counts from the end), or a map's value for a key. */
  public static Column element_at(Column e, Object indexOrKey) {
    return call("element_at", e, lit(indexOrKey));
  }

  public static Column array_contains(Column array, Object value) {
    return call("array_contains", array, lit(value));
  }

  public static Column map_keys(Column map) {
    return call("map_keys", map);
  }

  public static Column map_values(Column map) {
    return call("map_values", map);
  }

  public static Column map_entries(Column map) {
    return call("map_entries", map);
  }

  public static Column map_from_arrays(Column keys, Column values) {
    return call("map_from_arrays", keys, values);
  }

  /** A map of an array of (key, value) structs, such as a Kafka record's {@code headers}. */
  public static Column map_from_entries(Column entries) {
    return call("map_from_entries", entries);
  }

  public static Column map_contains_key(Column map, Object key) {
    return call("map_contains_key", map, lit(key));
  }

  public static Column sort_array(Column array) {
    return call("sort_array", array);
  }

  public static Column sort_array(Column array, boolean ascending) {
    return call("sort_array", array, lit(ascending));
  }

  public static Column array_distinct(Column array) {
    return call("array_distinct", array);
  }

  public static Column array_max(Column array) {
    return call("array_max", array);
  }

  public static Column array_min(Column array) {
    return call("array_min", array);
  }

  public static Column array_join(Column array, String delimiter) {
    return call("array_join", array, lit(delimiter));
  }

  public static Column array_join(Column array, String delimiter, String nullReplacement) {
    return call("array_join", array, lit(delimiter), lit(nullReplacement));
  }

  public static Column array_position(Column array, Object value) {
    return call("array_position", array, lit(value));
  }

  public static Column array_remove(Column array, Object value) {
    return call("array_remove", array, lit(value));
  }

  public static Column array_union(Column a, Column b) {
    return call("array_union", a, b);
  }

  public static Column array_intersect(Column a, Column b) {
    return call("array_intersect", a, b);
  }

  public static Column array_except(Column a, Column b) {
    return call("array_except", a, b);
  }

  public static Column arrays_overlap(Column a, Column b) {
    return call("arrays_overlap", a, b);
  }

  public static Column slice(Column array, int start, int length) {
    return call("slice", array, lit(start), lit(length));
  }

  public static Column flatten(Column arrayOfArrays) {
    return call("flatten", arrayOfArrays);
  }

  public static Column sequence(Column start, Column stop) {
    return call("sequence", start, stop);
  }

  public static Column sequence(Column start, Column stop, Column step) {
    return call("sequence", start, stop, step);
  }

  // ---- lambdas over arrays (issue 16) -------------------------------------------------------

  /** Each element of {@code array} through {@code f}: {@code transform(col("xs"), x -> x.multiply(2))}. */
  public static Column transform(Column array, java.util.function.Function<Column, Column> f) {
    return call("transform", array, lambda(f));
  }

  /** Each element and its zero-based index through {@code f}. */
  public static Column transform(Column array, java.util.function.BiFunction<Column, Column, Column> f) {
    return call("transform", array, lambda(f));
  }

  /** The elements for which {@code f} is true. */
  public static Column filter(Column array, java.util.function.Function<Column, Column> f) {
    return call("filter", array, lambda(f));
  }

  public static Column exists(Column array, java.util.function.Function<Column, Column> f) {
    return call("exists", array, lambda(f));
  }

  public static Column forall(Column array, java.util.function.Function<Column, Column> f) {
    return call("forall", array, lambda(f));
  }

  /** The elements folded into {@code zero} by {@code merge(acc, x)}. */
  public static Column aggregate(Column array, Column zero, java.util.function.BiFunction<Column, Column, Column> merge) {
    return call("aggregate", array, zero, lambda(merge));
  }

  private static final java.util.concurrent.atomic.AtomicLong LAMBDA_VARIABLES = new java.util.concurrent.atomic.AtomicLong();

  /** A fresh parameter name, which no column of the query shares. */
  private static String lambdaVariable() {
    return "__lambda_" + LAMBDA_VARIABLES.incrementAndGet();
  }

  private static Column lambda(java.util.function.Function<Column, Column> f) {
    String x = lambdaVariable();
    return new Column(new ColumnNode.LambdaFunction(List.of(x), f.apply(col(x)).node()));
  }

  private static Column lambda(java.util.function.BiFunction<Column, Column, Column> f) {
    String x = lambdaVariable();
    String y = lambdaVariable();
    return new Column(new ColumnNode.LambdaFunction(List.of(x, y), f.apply(col(x), col(y)).node()));
  }

  // ---- dates (issue 16) -------------------------------------------------------------------

  /** Text or a TIMESTAMP as a DATE, as a cast reads it. */
  public static Column to_date(Column e) {
    return call("to_date", e);
  }

  /** Text in a Spark datetime {@code pattern} as a DATE. */
  public static Column to_date(Column e, String pattern) {
    return call("to_date", e, lit(pattern));
  }

  /** The batch's date, as {@link #current_timestamp()} is its time. */
  public static Column current_date() {
    return call("current_date");
  }

  /** A TIMESTAMP cut down to the start of its {@code unit}: year, quarter, month, week, day, hour, minute, second. */
  public static Column date_trunc(String unit, Column timestamp) {
    return call("date_trunc", lit(unit), timestamp);
  }

  /** A DATE cut down to the start of its {@code unit}: year, quarter, month or week. */
  public static Column trunc(Column date, String unit) {
    return call("trunc", date, lit(unit));
  }

  public static Column date_add(Column date, int days) {
    return call("date_add", date, lit(days));
  }

  public static Column date_sub(Column date, int days) {
    return call("date_sub", date, lit(days));
  }

  /** A DATE {@code months} later, the day clamped to the month's last. */
  public static Column add_months(Column date, int months) {
    return call("add_months", date, lit(months));
  }

  /** The days from {@code start} to {@code end}. */
  public static Column datediff(Column end, Column start) {
    return call("datediff", end, start);
  }

  public static Column months_between(Column later, Column earlier) {
    return call("months_between", later, earlier);
  }

  public static Column months_between(Column later, Column earlier, boolean roundOff) {
    return call("months_between", later, earlier, lit(roundOff));
  }

  /** 1 for Sunday to 7 for Saturday. */
  public static Column dayofweek(Column e) {
    return call("dayofweek", e);
  }

  /** The ISO-8601 week of the year. */
  public static Column weekofyear(Column e) {
    return call("weekofyear", e);
  }

  public static Column dayofyear(Column e) {
    return call("dayofyear", e);
  }

  public static Column quarter(Column e) {
    return call("quarter", e);
  }

  public static Column last_day(Column e) {
    return call("last_day", e);
  }

  /** Seconds since the epoch as text {@code yyyy-MM-dd HH:mm:ss}, in UTC. */
  public static Column from_unixtime(Column seconds) {
    return call("from_unixtime", seconds);
  }

  public static Column from_unixtime(Column seconds, String pattern) {
    return call("from_unixtime", seconds, lit(pattern));
  }

  public static Column make_date(Column year, Column month, Column day) {
    return call("make_date", year, month, day);
  }

  public static Column make_timestamp(Column year, Column month, Column day, Column hour, Column minute, Column seconds) {
    return call("make_timestamp", year, month, day, hour, minute, seconds);
  }

  /** The wall clock in {@code zone} at the UTC instant {@code timestamp}. */
  public static Column from_utc_timestamp(Column timestamp, String zone) {
    return call("from_utc_timestamp", timestamp, lit(zone));
  }

  /** The UTC instant of the wall clock {@code timestamp} in {@code zone}. */
  public static Column to_utc_timestamp(Column timestamp, String zone) {
    return call("to_utc_timestamp", timestamp, lit(zone));
  }

  // ---- generators: only as a whole column of select or withColumn ----

  /**
   * A row per element of an array (column {@code col}) or per entry of a map ({@code key},
   * {@code value}); a null or empty one makes none. Name a map's two columns with
   * {@code explode(m).as(new String[] {"k", "v"})}.
   */
  public static Column explode(Column e) {
    return call("explode", e);
  }

  /** As {@link #explode}, but a null or empty collection makes one row of nulls. */
  public static Column explode_outer(Column e) {
    return call("explode_outer", e);
  }

  /** As {@link #explode}, with each element's zero-based position first (column {@code pos}). */
  public static Column posexplode(Column e) {
    return call("posexplode", e);
  }

  /** As {@link #posexplode}, but a null or empty collection makes one row of nulls. */
  public static Column posexplode_outer(Column e) {
    return call("posexplode_outer", e);
  }

  /** A row per struct of an array of structs, its fields as columns. */
  public static Column inline(Column e) {
    return call("inline", e);
  }

  /** As {@link #inline}, but a null or empty array makes one row of nulls. */
  public static Column inline_outer(Column e) {
    return call("inline_outer", e);
  }

  /** One row of the named top-level fields of a JSON object, as strings, in columns {@code c0, c1, ..}. */
  public static Column json_tuple(Column json, String... fields) {
    Column[] arguments = new Column[fields.length + 1];
    arguments[0] = json;
    for (int i = 0; i < fields.length; i++) {
      arguments[i + 1] = lit(fields[i]);
    }
    return call("json_tuple", arguments);
  }

  // ---- JSON ----

  /** The value at a JSONPath such as {@code $.a.b[0]}: scalars as text, objects and arrays as JSON. */
  public static Column get_json_object(Column json, String path) {
    return call("get_json_object", json, lit(path));
  }

  /** JSON text parsed into the type a DDL string names, such as {@code "a INT, b ARRAY<STRING>"}. */
  public static Column from_json(Column json, String schema) {
    return call("from_json", json, lit(schema));
  }

  /**
   * {@link #from_json(Column, String)} with options; the one option is {@code mode}:
   * {@code PERMISSIVE} (the default, a record that does not fit gives NULLs) or {@code FAILFAST}
   * (it fails the query, naming the record).
   */
  public static Column from_json(Column json, String schema, java.util.Map<String, String> options) {
    if (options.isEmpty()) {
      return from_json(json, schema);
    }
    List<Column> pairs = new ArrayList<>();
    options.forEach((k, v) -> {
      pairs.add(lit(k));
      pairs.add(lit(v));
    });
    return call("from_json", json, lit(schema), map(pairs.toArray(Column[]::new)));
  }

  /** A struct, array or map as JSON text. */
  public static Column to_json(Column e) {
    return call("to_json", e);
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
  // ---- more aggregates (issue 16) -----------------------------------------------------------

  public static Column mean(Column column) {
    return call("mean", column);
  }

  /** The rows where {@code condition} is true. */
  public static Column count_if(Column condition) {
    return call("count_if", condition);
  }

  public static Column stddev(Column column) {
    return call("stddev", column);
  }

  public static Column stddev_samp(Column column) {
    return call("stddev_samp", column);
  }

  public static Column stddev_pop(Column column) {
    return call("stddev_pop", column);
  }

  public static Column variance(Column column) {
    return call("variance", column);
  }

  public static Column var_samp(Column column) {
    return call("var_samp", column);
  }

  public static Column var_pop(Column column) {
    return call("var_pop", column);
  }

  /** The first value in arrival order, a NULL included. */
  public static Column first(Column column) {
    return call("first", column);
  }

  public static Column first(Column column, boolean ignoreNulls) {
    return call("first", column, lit(ignoreNulls));
  }

  public static Column last(Column column) {
    return call("last", column);
  }

  public static Column last(Column column, boolean ignoreNulls) {
    return call("last", column, lit(ignoreNulls));
  }

  /** {@code value} of the row with the greatest {@code ordering}. */
  public static Column max_by(Column value, Column ordering) {
    return call("max_by", value, ordering);
  }

  public static Column min_by(Column value, Column ordering) {
    return call("min_by", value, ordering);
  }

  public static Column collect_list(Column column) {
    return call("collect_list", column);
  }

  public static Column collect_set(Column column) {
    return call("collect_set", column);
  }

  /**
   * The estimated number of distinct non-null values: Spark's HyperLogLog++ with its default
   * relative standard deviation, 0.05; a LONG, never null.
   */
  public static Column approx_count_distinct(Column column) {
    return call("approx_count_distinct", column);
  }

  public static Column approx_count_distinct(String column) {
    return approx_count_distinct(col(column));
  }

  /** As {@link #approx_count_distinct(Column)} with the relative standard deviation {@code rsd} (0.0044 to 0.39). */
  public static Column approx_count_distinct(Column column, double rsd) {
    return call("approx_count_distinct", column, lit(rsd));
  }

  public static Column approx_count_distinct(String column, double rsd) {
    return approx_count_distinct(col(column), rsd);
  }

  /**
   * The approximate value at {@code percentage} (a constant in [0, 1], or an array of them for
   * an array of values) of a numeric, date or timestamp column, as Spark's Greenwald-Khanna
   * summary finds it with relative error {@code 1 / accuracy} (Spark's default accuracy is 10000).
   */
  public static Column percentile_approx(Column column, Column percentage, Column accuracy) {
    return call("percentile_approx", column, percentage, accuracy);
  }

  public static Column approx_percentile(Column column, Column percentage, Column accuracy) {
    return call("approx_percentile", column, percentage, accuracy);
  }

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

  /**
   * Session windows with a {@code gap} (such as {@code "30 seconds"}) over a TIMESTAMP column, as
   * a grouping key of a streaming aggregation: each row starts as the session {@code [ts, ts +
   * gap)}, and sessions of one group that touch or overlap merge into one. The output column
   * {@code session_window} is a {@code STRUCT<start, end>}; rows whose time is null are in no
   * session. Append mode needs {@code withWatermark} on the column; update mode is refused, as
   * in Spark. The gap is read when the query is resolved; a bad one fails {@code start()}.
   */
  public static Column session_window(Column time, String gap) {
    return call("session_window", time, lit(gap));
  }

  public static Column session_window(String time, String gap) {
    return session_window(col(time), gap);
  }
}
