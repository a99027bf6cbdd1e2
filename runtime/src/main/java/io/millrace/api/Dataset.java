package io.millrace.api;

import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.expr.ExpressionParser;
import io.millrace.runtime.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A stream and the stateless operators over it, immutable: each method returns a new
 * dataset. Names and types are checked when a query over it starts, against the source's
 * schema; an unknown column fails {@code start()} with the columns available.
 */
public final class Dataset {
  private final MillraceSession session;
  private final LogicalPlan plan;

  Dataset(MillraceSession session, LogicalPlan plan) {
    this.session = session;
    this.plan = plan;
  }

  /** The plan this dataset stands for; for the runtime and tools. */
  public LogicalPlan logicalPlan() {
    return plan;
  }

  public Dataset select(Column... columns) {
    List<Expression> exprs = new ArrayList<>();
    for (Column c : columns) {
      exprs.add(c.expression());
    }
    return with(new LogicalPlan.Project(plan, exprs));
  }

  public Dataset select(String column, String... more) {
    List<Expression> exprs = new ArrayList<>();
    exprs.add(functions.col(column).expression());
    for (String c : more) {
      exprs.add(functions.col(c).expression());
    }
    return with(new LogicalPlan.Project(plan, exprs));
  }

  /** SQL expressions, each with an optional alias: {@code selectExpr("key", "amount * 2 AS doubled")}. */
  public Dataset selectExpr(String... expressions) {
    List<Expression> exprs = new ArrayList<>();
    for (String e : expressions) {
      exprs.add(ExpressionParser.parseNamedExpression(e));
    }
    return with(new LogicalPlan.Project(plan, exprs));
  }

  public Dataset filter(Column condition) {
    return with(new LogicalPlan.Filter(plan, condition.expression()));
  }

  /** A SQL condition: {@code filter("amount > 10 AND key IS NOT NULL")}. */
  public Dataset filter(String condition) {
    return with(new LogicalPlan.Filter(plan, ExpressionParser.parseExpression(condition)));
  }

  public Dataset where(Column condition) {
    return filter(condition);
  }

  public Dataset where(String condition) {
    return filter(condition);
  }

  /** Adds column {@code name}, or replaces the column of that name. */
  public Dataset withColumn(String name, Column value) {
    return with(new LogicalPlan.WithColumn(plan, name, value.expression()));
  }

  /** Renames a column; as in Spark, a name that does not exist changes nothing. */
  public Dataset withColumnRenamed(String existing, String renamed) {
    return with(new LogicalPlan.Rename(plan, existing, renamed));
  }

  /** Removes columns; names that do not exist are ignored, as in Spark. */
  public Dataset drop(String... columns) {
    return with(new LogicalPlan.Drop(plan, Arrays.asList(columns)));
  }

  /**
   * Declares {@code column} (a TIMESTAMP) the stream's event time, with rows arriving up to
   * {@code delay} (such as {@code "10 minutes"}) late. The watermark — the greatest event time
   * seen minus the delay — moves only forward and applies from the next batch; an aggregation
   * grouped by this column or a window on it emits final results and evicts their state once
   * the watermark passes them, and drops rows that arrive after that.
   */
  public Dataset withWatermark(String column, String delay) {
    long millis;
    try {
      millis = io.millrace.spi.Options.parseDuration(delay).toMillis();
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("withWatermark(\"" + column + "\", \"" + delay + "\"): " + e.getMessage(), e);
    }
    if (millis < 0) {
      throw new AnalysisException("withWatermark delay must not be negative: " + delay);
    }
    return with(new LogicalPlan.Watermark(plan, column, millis));
  }

  /**
   * Drops rows whose {@code columns} (all columns when none are named) equal those of an
   * earlier row. The keys seen are kept in state: with {@code withWatermark} on one of the key
   * columns, keys older than the watermark are forgotten (and rows that old dropped as late);
   * otherwise the state grows with every distinct key, and the query logs a warning saying so.
   */
  public Dataset dropDuplicates(String... columns) {
    return with(new LogicalPlan.Deduplicate(plan, Arrays.asList(columns), false));
  }

  /**
   * Drops copies of a row with the same {@code columns} that arrive while a copy could still be
   * on time: each key is remembered until the watermark passes its first row's event time plus
   * the watermark delay. Needs {@code withWatermark} before it.
   */
  public Dataset dropDuplicatesWithinWatermark(String... columns) {
    return with(new LogicalPlan.Deduplicate(plan, Arrays.asList(columns), true));
  }

  /** Groups the stream for a streaming aggregation: {@code groupBy(col("key")).count()}. */
  public GroupedData groupBy(Column... columns) {
    List<Expression> exprs = new ArrayList<>();
    for (Column c : columns) {
      exprs.add(c.expression());
    }
    return new GroupedData(session, plan, exprs);
  }

  public GroupedData groupBy(String... columns) {
    List<Expression> exprs = new ArrayList<>();
    for (String c : columns) {
      exprs.add(functions.col(c).expression());
    }
    return new GroupedData(session, plan, exprs);
  }

  /**
   * The rows of this stream and of {@code other}, matched by column position as SQL's
   * {@code UNION ALL}: no duplicate is removed. Both need as many columns, of the same types;
   * the result has this dataset's column names. Each side keeps its own sources, read limits
   * and watermarks; with watermarks on both, the query's watermark is their minimum (or maximum,
   * by {@code millrace.watermark.multiplePolicy}).
   */
  public Dataset union(Dataset other) {
    return with(new LogicalPlan.Union(List.of(plan, other.plan), false));
  }

  /** As {@link #union}, but matches columns by name: {@code other}'s columns may come in any order. */
  public Dataset unionByName(Dataset other) {
    return with(new LogicalPlan.Union(List.of(plan, other.plan), true));
  }

  /**
   * Prints the query's logical plan and the physical plan it would run, with the stateful
   * operators' ids, as Spark's {@code explain(true)} does. Opens the sources to learn their
   * schemas (and closes them again); reads no data.
   */
  public void explain() {
    System.out.print(explainString());
  }

  /** What {@link #explain()} prints. */
  public String explainString() {
    return io.millrace.runtime.exec.Explain.of(session.engine(), plan);
  }

  /** The session this dataset belongs to, as Spark's {@code Dataset.sparkSession}. */
  public MillraceSession session() {
    return session;
  }

  /** Always true: every dataset here is a stream. */
  public boolean isStreaming() {
    return true;
  }

  /** Starts describing where the result goes. */
  public DataStreamWriter writeStream() {
    return new DataStreamWriter(session, plan);
  }

  private Dataset with(LogicalPlan next) {
    return new Dataset(session, next);
  }
}
