package io.millrace.api;

import io.millrace.api.plan.ColumnNode;
import io.millrace.api.plan.PlanNode;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A stream and the operators over it, immutable: each method returns a new dataset. A dataset
 * is a description, an unresolved plan ({@link PlanNode}); names, types and SQL text are checked
 * when a query over it starts (or is explained), against the sources' schemas: an unknown column
 * fails {@code start()} with the columns available.
 */
public final class Dataset {
  private final MillraceSession session;
  private final PlanNode plan;

  Dataset(MillraceSession session, PlanNode plan) {
    this.session = session;
    this.plan = plan;
  }

  /** The unresolved plan this dataset stands for; for engines and tools. */
  public PlanNode plan() {
    return plan;
  }

  public Dataset select(Column... columns) {
    List<ColumnNode> exprs = new ArrayList<>();
    for (Column c : columns) {
      exprs.add(c.node());
    }
    return with(new PlanNode.Select(plan, exprs));
  }

  public Dataset select(String column, String... more) {
    List<ColumnNode> exprs = new ArrayList<>();
    exprs.add(functions.col(column).node());
    for (String c : more) {
      exprs.add(functions.col(c).node());
    }
    return with(new PlanNode.Select(plan, exprs));
  }

  /**
   * SQL expressions, each with an optional alias: {@code selectExpr("key", "amount * 2 AS doubled")}.
   * The text is parsed when the query is resolved.
   */
  public Dataset selectExpr(String... expressions) {
    List<ColumnNode> exprs = new ArrayList<>();
    for (String e : expressions) {
      exprs.add(new ColumnNode.SqlExpression(e, true));
    }
    return with(new PlanNode.Select(plan, exprs));
  }

  public Dataset filter(Column condition) {
    return with(new PlanNode.Filter(plan, condition.node()));
  }

  /** A SQL condition: {@code filter("amount > 10 AND key IS NOT NULL")}. */
  public Dataset filter(String condition) {
    return with(new PlanNode.Filter(plan, new ColumnNode.SqlExpression(condition, false)));
  }

  public Dataset where(Column condition) {
    return filter(condition);
  }

  public Dataset where(String condition) {
    return filter(condition);
  }

  /** Adds column {@code name}, or replaces the column of that name. */
  public Dataset withColumn(String name, Column value) {
    return with(new PlanNode.WithColumn(plan, name, value.node()));
  }

  /** Renames a column; as in Spark, a name that does not exist changes nothing. */
  public Dataset withColumnRenamed(String existing, String renamed) {
    return with(new PlanNode.Rename(plan, existing, renamed));
  }

  /** Removes columns; names that do not exist are ignored, as in Spark. */
  public Dataset drop(String... columns) {
    return with(new PlanNode.Drop(plan, Arrays.asList(columns)));
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
    return with(new PlanNode.Watermark(plan, column, millis));
  }

  /**
   * Drops rows whose {@code columns} (all columns when none are named) equal those of an
   * earlier row. The keys seen are kept in state: with {@code withWatermark} on one of the key
   * columns, keys older than the watermark are forgotten (and rows that old dropped as late);
   * otherwise the state grows with every distinct key, and the query logs a warning saying so.
   */
  public Dataset dropDuplicates(String... columns) {
    return with(new PlanNode.Deduplicate(plan, Arrays.asList(columns), false));
  }

  /**
   * Drops copies of a row with the same {@code columns} that arrive while a copy could still be
   * on time: each key is remembered until the watermark passes its first row's event time plus
   * the watermark delay. Needs {@code withWatermark} before it.
   */
  public Dataset dropDuplicatesWithinWatermark(String... columns) {
    return with(new PlanNode.Deduplicate(plan, Arrays.asList(columns), true));
  }

  /**
   * Groups the stream by {@code columns} for user code that keeps state per key:
   * {@code groupByKey("user").transformWithState(..)} (Spark's {@code groupByKey}, with the key
   * given as columns: the key reaches the processor as a row of them).
   */
  public KeyValueGroupedDataset groupByKey(String... columns) {
    return new KeyValueGroupedDataset(session, plan, Arrays.asList(columns));
  }

  /** Groups the stream for a streaming aggregation: {@code groupBy(col("key")).count()}. */
  public GroupedData groupBy(Column... columns) {
    List<ColumnNode> exprs = new ArrayList<>();
    for (Column c : columns) {
      exprs.add(c.node());
    }
    return new GroupedData(session, plan, exprs);
  }

  public GroupedData groupBy(String... columns) {
    List<ColumnNode> exprs = new ArrayList<>();
    for (String c : columns) {
      exprs.add(functions.col(c).node());
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
    return with(new PlanNode.Union(List.of(plan, other.plan), false));
  }

  /** As {@link #union}, but matches columns by name: {@code other}'s columns may come in any order. */
  public Dataset unionByName(Dataset other) {
    return with(new PlanNode.Union(List.of(plan, other.plan), true));
  }

  /**
   * Joins this stream with {@code right} on {@code condition}, an inner join, as Spark's
   * {@code join(right, joinExprs)}. Between two streams the condition needs an equality of a
   * column of each side (the join key) and may bound the two sides' event times against each
   * other ({@code rightTs BETWEEN leftTs AND leftTs + INTERVAL 15 MINUTES}), which is what lets
   * the state of each side be dropped as the watermark passes.
   */
  public Dataset join(Dataset right, Column condition) {
    return join(right, condition, "inner");
  }

  /**
   * As {@link #join(Dataset, Column)}, of type {@code joinType}: {@code inner}, {@code leftOuter},
   * {@code rightOuter}, {@code fullOuter} or {@code leftSemi} (Spark's spellings, such as
   * {@code left_outer} or {@code left}, are taken too).
   */
  public Dataset join(Dataset right, Column condition, String joinType) {
    return with(new PlanNode.Join(plan, right.plan, condition.node(), List.of(), joinType));
  }

  /** An inner join on {@code usingColumn}, a column both sides have, kept once, as Spark's {@code join(right, usingColumn)}. */
  public Dataset join(Dataset right, String usingColumn) {
    return join(right, List.of(usingColumn), "inner");
  }

  /** A join of type {@code joinType} on {@code usingColumns}, columns both sides have, each kept once. */
  public Dataset join(Dataset right, List<String> usingColumns, String joinType) {
    if (usingColumns.isEmpty()) {
      throw new IllegalArgumentException("join: name at least one column to join on");
    }
    return with(new PlanNode.Join(plan, right.plan, null, usingColumns, joinType));
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
    return session.engine().explain(plan);
  }

  /**
   * The schema of this dataset's rows, as Spark's {@code Dataset.schema()}: resolved against
   * its sources' schemas (each source is asked, nothing is read).
   *
   * @throws AnalysisException if a name or type does not resolve
   */
  public io.millrace.spi.data.Schema schema() {
    return session.engine().schema(plan);
  }

  /** The session this dataset belongs to, as Spark's {@code Dataset.sparkSession}. */
  public MillraceSession session() {
    return session;
  }

  /**
   * Whether this dataset reads a stream; false for a static table ({@code read()}), the batch
   * {@code foreachBatch} hands over, and datasets made from them alone.
   */
  public boolean isStreaming() {
    return isStreaming(plan);
  }

  private static boolean isStreaming(PlanNode node) {
    if (node instanceof PlanNode.Read) {
      return true;
    }
    return node.children().stream().anyMatch(Dataset::isStreaming);
  }

  private static boolean readsStaticTable(PlanNode node) {
    return node instanceof PlanNode.StaticRead || node.children().stream().anyMatch(Dataset::readsStaticTable);
  }

  /** Starts describing where the stream's result goes. */
  public DataStreamWriter writeStream() {
    if (!isStreaming()) {
      throw new AnalysisException(readsStaticTable(plan)
          ? "writeStream() is for streams; this dataset reads only static tables (read()): join it with a stream"
          : "writeStream() is for streams; write the batch of foreachBatch with write()");
    }
    return new DataStreamWriter(session, plan);
  }

  // ---- the batch of foreachBatch ----

  /** The dataset over one batch that {@code foreachBatch} hands to user code. */
  static Dataset ofBatch(MillraceSession session, PlanNode.BatchRelation batch) {
    return new Dataset(session, batch);
  }

  /**
   * The rows of this batch, computed now, in the batch's order. Only for the batch of
   * {@code foreachBatch} and datasets made from it by stateless operators (select, filter,
   * withColumn, drop, withColumnRenamed); an aggregation over a batch is refused.
   *
   * @throws AnalysisException on a stream ("Queries with streaming sources must be executed with
   *     writeStream().start()", as Spark says), or for an operator a batch does not evaluate
   */
  public List<Row> collectAsList() {
    return session.engine().collect(plan);
  }

  /** The number of rows of this batch; the same rules as {@link #collectAsList()}. */
  public long count() {
    return session.engine().count(plan);
  }

  /**
   * Starts describing a write of this batch through a sink plugin:
   * {@code batch.write().format("delta").option("path", ..).save()}.
   */
  public DataFrameWriter write() {
    if (isStreaming()) {
      throw new AnalysisException("write() is for the batch of foreachBatch; write a stream with writeStream()");
    }
    return new DataFrameWriter(session, plan);
  }

  private Dataset with(PlanNode next) {
    return new Dataset(session, next);
  }
}
