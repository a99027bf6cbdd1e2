package io.millrace.api;

import io.millrace.api.plan.PlanNode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the rows of a batch (the dataset {@code foreachBatch} hands over) through a sink plugin,
 * by name: {@code batch.write().format("delta").option("path", ..).save()}. The write uses the
 * batch's id as the sink's batch id and the query's id as its query id, so a sink that is
 * exactly-once stays idempotent when the batch is replayed after a crash.
 */
public final class DataFrameWriter {
  private final MillraceSession session;
  private final PlanNode plan;
  private String format;
  private final Map<String, String> options = new LinkedHashMap<>();

  DataFrameWriter(MillraceSession session, PlanNode plan) {
    this.session = session;
    this.plan = plan;
  }

  /** The sink plugin's name, such as {@code delta}, {@code memory} or {@code console}. */
  public DataFrameWriter format(String sink) {
    this.format = sink;
    return this;
  }

  public DataFrameWriter option(String key, String value) {
    options.put(key, value);
    return this;
  }

  public DataFrameWriter option(String key, long value) {
    return option(key, Long.toString(value));
  }

  public DataFrameWriter options(Map<String, String> values) {
    options.putAll(values);
    return this;
  }

  /**
   * How the rows meet what the sink holds: only {@code append} (the default), which adds them
   * as one batch of the sink; Spark's {@code overwrite}, {@code ignore} and
   * {@code errorifexists} are refused, as sink plugins take batches, not tables.
   */
  public DataFrameWriter mode(String saveMode) {
    String m = saveMode.trim().toLowerCase(Locale.ROOT);
    if (!m.equals("append")) {
      throw new AnalysisException("write().mode(\"" + saveMode + "\") is not supported: a sink plugin takes the "
          + "batch's rows as one more batch, so the only mode is append");
    }
    return this;
  }

  /**
   * Writes the rows.
   *
   * @throws AnalysisException if no format was given, the sink refuses its options or append mode,
   *     or the dataset is a stream (write those with {@code writeStream()})
   */
  public void save() {
    if (format == null || format.isBlank()) {
      throw new AnalysisException("write() needs a format(..) naming a sink plugin");
    }
    session.engine().save(plan, format, options);
  }
}
