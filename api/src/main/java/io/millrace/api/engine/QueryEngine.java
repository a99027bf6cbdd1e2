package io.millrace.api.engine;

import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.plan.PlanNode;
import io.millrace.spi.data.Row;
import java.util.List;
import java.util.Map;

/**
 * What executes the queries a session describes: the runtime ({@code millrace-runtime})
 * implements it and registers a {@link QueryEngineFactory} with {@link java.util.ServiceLoader}.
 * One engine serves one session. Users never call it; {@code MillraceSession} does.
 */
public interface QueryEngine extends AutoCloseable {

  /** The settings the engine runs with, as the session was built with them. */
  Map<String, String> conf();

  /**
   * Checks that a source plugin of this name is installed, so that {@code load()} fails where
   * the name is written.
   *
   * @throws io.millrace.api.AnalysisException naming the format and the installed sources
   */
  void checkSource(String format);

  /** The logical and physical plans of {@code plan}, as {@code Dataset.explain()} prints them. */
  String explain(PlanNode plan);

  /** The schema of the rows {@code plan} gives: resolved against its sources, nothing read. */
  io.millrace.spi.data.Schema schema(PlanNode plan);

  /**
   * Resolves, checks and starts a query.
   *
   * @throws io.millrace.api.AnalysisException for everything that can be refused before data flows
   */
  StreamingQuery start(QueryDefinition query);

  /**
   * The rows of {@code plan}, a query over the batch of {@code foreachBatch}
   * ({@link PlanNode.BatchRelation}).
   *
   * @throws io.millrace.api.AnalysisException if the plan reads a stream or holds an operator a batch does not evaluate
   */
  List<Row> collect(PlanNode plan);

  /** How many rows {@link #collect} would give, without keeping them. */
  long count(PlanNode plan);

  /**
   * Writes the rows of {@code plan}, a query over one batch, through the sink plugin
   * {@code format}, with the batch's id and its query's id.
   */
  void save(PlanNode plan, String format, Map<String, String> options);

  void addListener(StreamingQueryListener listener);

  void removeListener(StreamingQueryListener listener);

  /** Releases storages and threads; the session has stopped its queries before. */
  @Override
  void close();
}
