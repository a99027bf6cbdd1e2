package io.millrace.api;

import io.millrace.runtime.expr.CaseWhen;
import io.millrace.runtime.expr.Coalesce;
import io.millrace.runtime.expr.ColumnRef;
import io.millrace.runtime.expr.Concat;
import io.millrace.runtime.expr.CurrentTimestamp;
import io.millrace.runtime.expr.DateFormat;
import io.millrace.runtime.expr.DatePart;
import io.millrace.runtime.expr.EpochToTimestamp;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.ExpressionParser;
import io.millrace.runtime.expr.Length;
import io.millrace.runtime.expr.Literal;
import io.millrace.runtime.expr.MathFunction;
import io.millrace.runtime.expr.Not;
import io.millrace.runtime.expr.NullCheck;
import io.millrace.runtime.expr.Round;
import io.millrace.runtime.expr.StringTransform;
import io.millrace.runtime.expr.Substring;
import io.millrace.runtime.expr.ToTimestamp;
import io.millrace.runtime.expr.UnixTimestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * Column functions with Spark's names, for {@code import static io.millrace.api.functions.*}.
 * The same functions are callable by name in SQL expression text; see
 * {@link ExpressionParser}. Time functions work in UTC, Millrace's only session time zone, on
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
    return new Column(new ColumnRef(name));
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
    return value instanceof Column ? (Column) value : new Column(Literal.from(value));
  }

  /**
   * A column from SQL text, such as {@code expr("upper(key) AS k2")}; a trailing alias is
   * allowed, as in Spark's selectExpr.
   *
   * @throws AnalysisException naming the position where the text does not parse
   */
  public static Column expr(String sql) {
    return new Column(ExpressionParser.parseNamedExpression(sql));
  }

  // ---- logic and conditionals ----

  public static Column not(Column e) {
    return new Column(new Not(e.expression()));
  }

  public static Column isnull(Column e) {
    return e.isNull();
  }

  public static Column isnotnull(Column e) {
    return e.isNotNull();
  }

  /** The first argument that is not NULL; the arguments must share a type or all be numeric. */
  public static Column coalesce(Column... columns) {
    return new Column(new Coalesce(expressions(columns)));
  }

  /**
   * A CASE expression: {@code when(cond, value)}, continued with {@link Column#when} and ended
   * with {@link Column#otherwise}. Without otherwise, rows that match no branch get NULL.
   */
  public static Column when(Column condition, Object value) {
    return new Column(CaseWhen.of(condition.expression(), Column.toExpression(value)));
  }

  // ---- strings ----

  public static Column upper(Column e) {
    return transform(StringTransform.Op.UPPER, e);
  }

  public static Column lower(Column e) {
    return transform(StringTransform.Op.LOWER, e);
  }

  /** Removes leading and trailing spaces (U+0020 only, as Spark does). */
  public static Column trim(Column e) {
    return transform(StringTransform.Op.TRIM, e);
  }

  public static Column ltrim(Column e) {
    return transform(StringTransform.Op.LTRIM, e);
  }

  public static Column rtrim(Column e) {
    return transform(StringTransform.Op.RTRIM, e);
  }

  /** The number of characters of a string, or of bytes of a BINARY value. */
  public static Column length(Column e) {
    return new Column(new Length(e.expression()));
  }

  /** The arguments' text joined; NULL when any is NULL. */
  public static Column concat(Column... columns) {
    return new Column(new Concat(expressions(columns)));
  }

  /**
   * {@code len} characters from position {@code pos}, counted from 1; a negative {@code pos}
   * counts from the end.
   */
  public static Column substring(Column str, int pos, int len) {
    return new Column(new Substring(str.expression(), Literal.from(pos), Literal.from(len)));
  }

  // ---- math ----

  public static Column abs(Column e) {
    return new Column(new MathFunction(MathFunction.Op.ABS, e.expression()));
  }

  /** Rounds half away from zero to a whole number, keeping the type. */
  public static Column round(Column e) {
    return round(e, 0);
  }

  /** Rounds half away from zero to {@code scale} decimal places, keeping the type. */
  public static Column round(Column e, int scale) {
    return new Column(new Round(e.expression(), scale));
  }

  /** The largest whole number not above the value, as LONG. */
  public static Column floor(Column e) {
    return new Column(new MathFunction(MathFunction.Op.FLOOR, e.expression()));
  }

  /** The smallest whole number not below the value, as LONG. */
  public static Column ceil(Column e) {
    return new Column(new MathFunction(MathFunction.Op.CEIL, e.expression()));
  }

  // ---- time ----

  /**
   * The batch's logical timestamp. It is recorded with the batch, so a replay computes the
   * same value.
   */
  public static Column current_timestamp() {
    return new Column(new CurrentTimestamp());
  }

  /**
   * Text as a cast reads it (such as {@code 2026-09-14 23:59:57.067} or
   * {@code 2026-09-14T23:59:57Z}), or a number of seconds since the epoch, as a TIMESTAMP; NULL
   * for text that is no timestamp.
   */
  public static Column to_timestamp(Column e) {
    return new Column(new ToTimestamp(e.expression()));
  }

  /**
   * Text in a Spark datetime {@code pattern} (e.g. {@code yyyy-MM-dd HH:mm:ss}) as a TIMESTAMP,
   * in UTC unless the text has a zone; NULL if it does not parse. A TIMESTAMP is itself.
   */
  public static Column to_timestamp(Column e, String pattern) {
    return new Column(new ToTimestamp(e.expression(), pattern));
  }

  /** A TIMESTAMP as text in a Spark datetime {@code pattern}, in UTC. */
  public static Column date_format(Column e, String pattern) {
    return new Column(new DateFormat(e.expression(), pattern));
  }

  public static Column year(Column e) {
    return datePart(DatePart.Field.YEAR, e);
  }

  public static Column month(Column e) {
    return datePart(DatePart.Field.MONTH, e);
  }

  public static Column dayofmonth(Column e) {
    return datePart(DatePart.Field.DAYOFMONTH, e);
  }

  public static Column hour(Column e) {
    return datePart(DatePart.Field.HOUR, e);
  }

  public static Column minute(Column e) {
    return datePart(DatePart.Field.MINUTE, e);
  }

  public static Column second(Column e) {
    return datePart(DatePart.Field.SECOND, e);
  }

  /** The batch timestamp in whole seconds since the epoch, as LONG. */
  public static Column unix_timestamp() {
    return new Column(new UnixTimestamp());
  }

  /**
   * A TIMESTAMP, or text in the form {@code yyyy-MM-dd HH:mm:ss}, in whole seconds since the
   * epoch, as LONG; the fraction is truncated toward zero, as in Spark.
   */
  public static Column unix_timestamp(Column e) {
    return new Column(new UnixTimestamp(e.expression()));
  }

  /** Text in a Spark datetime {@code pattern} in whole seconds since the epoch, as LONG. */
  public static Column unix_timestamp(Column e, String pattern) {
    return new Column(new UnixTimestamp(e.expression(), pattern));
  }

  /** Seconds since the epoch (fractions allowed) as a TIMESTAMP. */
  public static Column timestamp_seconds(Column e) {
    return new Column(new EpochToTimestamp(EpochToTimestamp.Unit.SECONDS, e.expression()));
  }

  /** Milliseconds since the epoch as a TIMESTAMP. */
  public static Column timestamp_millis(Column e) {
    return new Column(new EpochToTimestamp(EpochToTimestamp.Unit.MILLIS, e.expression()));
  }

  /** Microseconds since the epoch as a TIMESTAMP. */
  public static Column timestamp_micros(Column e) {
    return new Column(new EpochToTimestamp(EpochToTimestamp.Unit.MICROS, e.expression()));
  }

  private static Column transform(StringTransform.Op op, Column e) {
    return new Column(new StringTransform(op, e.expression()));
  }

  private static Column datePart(DatePart.Field field, Column e) {
    return new Column(new DatePart(field, e.expression()));
  }

  private static List<Expression> expressions(Column... columns) {
    List<Expression> out = new ArrayList<>(columns.length);
    for (Column c : columns) {
      out.add(c.expression());
    }
    return out;
  }

  // ---- aggregate functions, for groupBy(..).agg(..) ----

  /** The number of rows whose {@code column} is not null. */
  public static Column count(Column column) {
    return aggregate(io.millrace.runtime.expr.AggregateCall.Function.COUNT, column);
  }

  /** The number of rows whose {@code column} is not null; {@code count("*")} counts every row. */
  public static Column count(String column) {
    return column.equals("*")
        ? new Column(new io.millrace.runtime.expr.AggregateCall(io.millrace.runtime.expr.AggregateCall.Function.COUNT, null, "count(1)"))
        : count(col(column));
  }

  /** The sum of the non-null values: LONG for whole numbers, DOUBLE otherwise. */
  public static Column sum(Column column) {
    return aggregate(io.millrace.runtime.expr.AggregateCall.Function.SUM, column);
  }

  public static Column sum(String column) {
    return sum(col(column));
  }

  public static Column min(Column column) {
    return aggregate(io.millrace.runtime.expr.AggregateCall.Function.MIN, column);
  }

  public static Column min(String column) {
    return min(col(column));
  }

  public static Column max(Column column) {
    return aggregate(io.millrace.runtime.expr.AggregateCall.Function.MAX, column);
  }

  public static Column max(String column) {
    return max(col(column));
  }

  /** The mean of the non-null values, as DOUBLE. */
  public static Column avg(Column column) {
    return aggregate(io.millrace.runtime.expr.AggregateCall.Function.AVG, column);
  }

  public static Column avg(String column) {
    return avg(col(column));
  }

  private static Column aggregate(io.millrace.runtime.expr.AggregateCall.Function function, Column column) {
    return new Column(new io.millrace.runtime.expr.AggregateCall(function, column.expression(), null));
  }

  // ---- event-time windows ----

  /** Tumbling windows of {@code duration} (such as {@code "5 minutes"}) over a TIMESTAMP column. */
  public static Column window(Column time, String duration) {
    long micros = durationMicros(duration, "duration");
    return new Column(new io.millrace.runtime.expr.TimeWindow(time.expression(), micros, micros));
  }

  /** Sliding windows of {@code duration} starting every {@code slide}. */
  public static Column window(Column time, String duration, String slide) {
    return new Column(new io.millrace.runtime.expr.TimeWindow(time.expression(), durationMicros(duration, "duration"),
        durationMicros(slide, "slide")));
  }

  public static Column window(String time, String duration) {
    return window(col(time), duration);
  }

  public static Column window(String time, String duration, String slide) {
    return window(col(time), duration, slide);
  }

  private static long durationMicros(String text, String what) {
    try {
      return io.millrace.runtime.expr.WindowLength.micros(text);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("window " + what + ": " + e.getMessage(), e);
    }
  }
}
