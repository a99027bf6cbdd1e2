package io.millrace.spi.source;

/**
 * A position in a source. The runtime stores offsets as JSON in the write-ahead log
 * ({@code offsets/N}) and hands them back through {@link Source#deserializeOffset}; it compares
 * offsets only by their JSON, so equal positions must have identical JSON.
 */
public interface Offset {

  /** Compact JSON (no line breaks) from which {@link Source#deserializeOffset} rebuilds this offset. */
  String json();
}
