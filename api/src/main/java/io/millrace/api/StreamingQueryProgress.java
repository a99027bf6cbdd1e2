package io.millrace.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * What one micro-batch did, with Spark's field names so existing dashboards and habits carry
 * over. Rates are rounded to one decimal and left out when undefined; empty maps and lists
 * are left out. {@link #json()} renders it.
 *
 * @param id the query id, stable across restarts
 * @param runId this run's id
 * @param name the query name, or null
 * @param timestamp when the trigger started, ISO-8601 UTC
 * @param batchId the batch
 * @param batchDuration milliseconds the trigger took
 * @param numInputRows rows read by all sources
 * @param inputRowsPerSecond rows read per second of wall time since the previous trigger started
 * @param processedRowsPerSecond rows read per second of this trigger's duration
 * @param durationMs time per phase: latestOffset, walCommit, queryPlanning, getBatch, addBatch,
 *     commitOffsets, triggerExecution
 * @param eventTime min, max, avg and watermark of event time, where the query has one
 * @param stateOperators one entry per stateful operator
 * @param sources one entry per source
 * @param sink the sink
 * @param deliveryGuarantee the end-to-end guarantee this query has: exactly-once,
 *     at-least-once or none (a Millrace addition)
 * @param fallingBehind why the query does not keep up with its input, when it does not: its
 *     batches processed rows more slowly than they arrived for several batches, or this batch
 *     took longer than its trigger interval (a Millrace addition; left out when it keeps up)
 * @param customMetrics counts of what the query's expressions did that its rows do not show,
 *     such as {@code numMalformedFromJsonRecords}, the records {@code from_json} read as NULLs
 *     (a Millrace addition; left out when nothing was counted)
 */
@JsonPropertyOrder({"id", "runId", "name", "timestamp", "batchId", "batchDuration", "numInputRows",
    "inputRowsPerSecond", "processedRowsPerSecond", "durationMs", "eventTime", "stateOperators",
    "sources", "sink", "deliveryGuarantee", "fallingBehind", "customMetrics"})
public record StreamingQueryProgress(
    String id,
    String runId,
    @JsonInclude(JsonInclude.Include.ALWAYS) String name,
    String timestamp,
    long batchId,
    long batchDuration,
    long numInputRows,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double inputRowsPerSecond,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double processedRowsPerSecond,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> durationMs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> eventTime,
    List<StateOperatorProgress> stateOperators,
    List<SourceProgress> sources,
    SinkProgress sink,
    String deliveryGuarantee,
    @JsonInclude(JsonInclude.Include.NON_NULL) String fallingBehind,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> customMetrics) {

  /** Compact JSON. */
  public String json() {
    return ProgressJson.compact(this);
  }

  /** Indented JSON. */
  public String prettyJson() {
    return ProgressJson.pretty(this);
  }

  @Override
  public String toString() {
    return prettyJson();
  }
}
