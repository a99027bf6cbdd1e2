package io.millrace.runtime;

import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.engine.EngineSettings;
import io.millrace.api.engine.QueryDefinition;
import io.millrace.api.engine.QueryEngine;
import io.millrace.api.plan.PlanNode;
import io.millrace.runtime.batch.BatchDatasets;
import io.millrace.runtime.exec.Explain;
import io.millrace.runtime.exec.MicroBatchExecution;
import io.millrace.runtime.exec.QuerySpec;
import io.millrace.runtime.plan.ApiPlans;
import io.millrace.spi.data.Row;
import java.util.List;
import java.util.Map;

/**
 * The runtime behind a {@code MillraceSession}: translates what the user API describes into the
 * engine's plans and runs them on one {@link Engine}.
 */
final class RuntimeQueryEngine implements QueryEngine {
  private final Engine engine;

  RuntimeQueryEngine(EngineSettings settings) {
    this.engine = new Engine(settings.conf(), settings.faults(), settings.clock());
  }

  @Override
  public Map<String, String> conf() {
    return engine.settings().options().asMap();
  }

  @Override
  public void checkSource(String format) {
    engine.plugins().source(format);
  }

  @Override
  public String explain(PlanNode plan) {
    return Explain.of(engine, ApiPlans.of(plan));
  }

  @Override
  public io.millrace.spi.data.Schema schema(PlanNode plan) {
    return BatchDatasets.isBatch(plan) ? BatchDatasets.schema(plan) : Explain.schema(engine, ApiPlans.of(plan));
  }

  @Override
  public StreamingQuery start(QueryDefinition query) {
    QuerySpec spec = new QuerySpec(ApiPlans.of(query.plan()), query.sinkFormat(), query.foreachBatch(),
        query.sinkOptions(), query.outputMode(), query.trigger(), query.checkpointLocation(), query.queryName(),
        query.foreachWriter());
    return MicroBatchExecution.start(engine, spec);
  }

  @Override
  public List<Row> collect(PlanNode plan) {
    return BatchDatasets.collect(engine, plan);
  }

  @Override
  public long count(PlanNode plan) {
    return BatchDatasets.count(engine, plan);
  }

  @Override
  public void save(PlanNode plan, String format, Map<String, String> options) {
    BatchDatasets.save(engine, plan, format, options);
  }

  @Override
  public void addListener(StreamingQueryListener listener) {
    engine.listeners().add(listener);
  }

  @Override
  public void removeListener(StreamingQueryListener listener) {
    engine.listeners().remove(listener);
  }

  @Override
  public void close() {
    engine.close();
  }
}
