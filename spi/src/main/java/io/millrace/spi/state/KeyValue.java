package io.millrace.spi.state;

/** One entry of a store; the arrays must not be modified. */
public record KeyValue(byte[] key, byte[] value) {}
