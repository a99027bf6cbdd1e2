package io.millrace.spi.state;

import java.util.Map;

/**
 * Figures a store reports; they appear in the progress under {@code stateOperators[]}.
 *
 * @param numKeys exact number of keys in the version the store holds
 * @param memoryUsedBytes memory held for this store, measured, counting every cached version
 * @param customMetrics provider-specific figures, such as cache hits or bytes written
 */
public record StateStoreMetrics(long numKeys, long memoryUsedBytes, Map<String, Long> customMetrics) {}
