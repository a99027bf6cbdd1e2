package io.millrace.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The sink's part of a batch.
 *
 * @param description the sink's format
 * @param numOutputRows rows handed to the sink
 * @param metrics the sink's own figures, such as {@code numSkippedBatches}
 */
public record SinkProgress(
    String description,
    long numOutputRows,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> metrics) {}
