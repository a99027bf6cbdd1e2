package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;

/**
 * A timer that fired: its grouping key (as a row and as encoded bytes, for
 * {@link KeyedPartitionState#setCurrentEncodedKey}), its mode and its time.
 */
public record ExpiredTimer(Row key, byte[] encodedKey, TimeMode mode, long time) {}
