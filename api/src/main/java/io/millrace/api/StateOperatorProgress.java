package io.millrace.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One stateful operator's part of a batch, with Spark's field names.
 *
 * @param operatorName e.g. stateStoreSave, dedupe
 * @param numRowsTotal keys held after the batch
 * @param numRowsUpdated keys written in the batch
 * @param numRowsRemoved keys removed in the batch
 * @param numRowsDroppedByWatermark input rows dropped as late
 * @param commitTimeMs time spent committing state
 * @param memoryUsedBytes memory held by the operator's stores
 * @param numShufflePartitions shuffle partitions
 * @param numStateStoreInstances store instances
 * @param customMetrics the state store provider's own figures
 */
public record StateOperatorProgress(
    String operatorName,
    long numRowsTotal,
    long numRowsUpdated,
    long numRowsRemoved,
    long numRowsDroppedByWatermark,
    long commitTimeMs,
    long memoryUsedBytes,
    long numShufflePartitions,
    long numStateStoreInstances,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> customMetrics) {}
