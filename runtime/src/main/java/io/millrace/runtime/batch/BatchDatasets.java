package io.millrace.runtime.batch;

import io.millrace.api.AnalysisException;
import com.google.common.collect.MapMaker;
import io.millrace.api.plan.PlanNode;
import io.millrace.runtime.Engine;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.Batch;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** What the dataset of a {@code foreachBatch} batch can do: give its rows, and write them through a sink plugin. */
public final class BatchDatasets {
  /**
   * The sinks each batch handed to {@code foreachBatch} was saved to: its format and options.
   * A batch is one call's, so its key (by identity, weakly held) lives as long as that call's
   * datasets; a replay of the batch is a new call.
   */
  private static final ConcurrentMap<Batch, Set<String>> SAVED = new MapMaker().weakKeys().makeMap();

  private BatchDatasets() {
  }

  /** The rows of {@code plan}, a query over one batch. */
  public static List<Row> collect(Engine engine, PlanNode plan) {
    return BatchQuery.of(plan).rows(engine);
  }

  /** Whether {@code plan} reads a batch that foreachBatch handed over, rather than a stream. */
  public static boolean isBatch(PlanNode plan) {
    if (plan instanceof PlanNode.BatchRelation) {
      return true;
    }
    for (PlanNode child : plan.children()) {
      if (isBatch(child)) {
        return true;
      }
    }
    return false;
  }

  /** The schema of {@code plan}'s rows, a query over one batch. */
  public static io.millrace.spi.data.Schema schema(PlanNode plan) {
    return BatchQuery.of(plan).schema();
  }

  /** How many rows {@link #collect} would give. */
  public static long count(Engine engine, PlanNode plan) {
    return BatchQuery.of(plan).count(engine);
  }

  /**
   * Writes the rows of {@code plan} through the sink plugin {@code format}, as one batch whose
   * id is the batch's and whose query id is the query's, so that an exactly-once sink writes a
   * replayed batch once.
   *
   * @throws AnalysisException if the sink is unknown, refuses its options or append mode, or
   *     this call already saved the batch to the same sink with the same options
   */
  public static void save(Engine engine, PlanNode plan, String format, Map<String, String> options) {
    BatchQuery query = BatchQuery.of(plan);
    PlanNode.BatchRelation input = query.input();
    String target = format.toLowerCase(Locale.ROOT) + " " + sameForAnyKeyCase(options);
    Set<String> saved = SAVED.computeIfAbsent(input.batch(), b -> ConcurrentHashMap.newKeySet());
    if (saved.contains(target)) {
      // The sink would take the second write for a replay of the first (same batch and query
      // ids) and skip it: refused here rather than lost there.
      throw new AnalysisException("batch " + input.batchId() + " was already saved to sink '" + format + "' with "
          + "options " + sorted(options) + " in this foreachBatch call; a second save() carries the same batch id, "
          + "which an exactly-once sink takes for a replay and skips. Union the rows first and save once, or save "
          + "to another table");
    }
    SinkProvider provider = engine.plugins().sink(format);
    Options sinkOptions = Options.of("sink '" + format + "'", options);
    try (Sink sink = provider.create(new BatchSinkContext(engine, sinkOptions, input.queryId(), query.schema(),
        OutputMode.APPEND, Optional.empty()))) {
      if (!sink.supportedOutputModes().contains(OutputMode.APPEND)) {
        throw new AnalysisException("sink '" + format + "' does not support output mode append, which "
            + "write().save() uses; it supports " + sink.supportedOutputModes());
      }
      sink.addBatch(input.batchId(), new RowsBatch(query.schema(), query.rows(engine)));
      saved.add(target);
    } catch (IOException e) {
      throw new UncheckedIOException("write().save() through sink '" + format + "' failed for batch "
          + input.batchId() + ": " + e.getMessage(), e);
    }
  }

  /** The options with their keys in lower case (as case-blind as options are), in key order. */
  private static Map<String, String> sameForAnyKeyCase(Map<String, String> options) {
    Map<String, String> lower = new TreeMap<>();
    options.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    return lower;
  }

  /** The options in key order, as the user wrote them. */
  private static Map<String, String> sorted(Map<String, String> options) {
    Map<String, String> sorted = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    sorted.putAll(options);
    return sorted;
  }
}
