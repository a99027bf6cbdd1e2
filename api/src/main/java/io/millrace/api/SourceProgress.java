package io.millrace.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.util.Map;

/**
 * One source's part of a batch. Offsets are the source's own JSON, embedded as JSON.
 *
 * @param description the source's format and index, e.g. {@code memory[0]}
 * @param startOffset where the batch started (null for the first batch)
 * @param endOffset where the batch ended
 * @param latestOffset the latest offset the source reported when the batch was planned
 * @param numInputRows rows read from this source
 * @param inputRowsPerSecond rows per second since the previous trigger started
 * @param processedRowsPerSecond rows per second of this trigger's duration
 * @param metrics the source's own figures
 */
@JsonPropertyOrder({"description", "startOffset", "endOffset", "latestOffset", "numInputRows",
    "inputRowsPerSecond", "processedRowsPerSecond", "metrics"})
public record SourceProgress(
    String description,
    @JsonRawValue String startOffset,
    @JsonRawValue String endOffset,
    @JsonRawValue String latestOffset,
    long numInputRows,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double inputRowsPerSecond,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double processedRowsPerSecond,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> metrics) {}
