package io.millrace.spi.storage;

/**
 * What a {@link Storage} can promise.
 *
 * @param atomicCreateIfAbsent whether two racing {@code create}s of one path always leave
 *     exactly one winner; without it the runtime warns that two writers on one checkpoint
 *     would not be caught
 * @param locks whether {@link Storage#tryLock} works
 */
public record StorageCapabilities(boolean atomicCreateIfAbsent, boolean locks) {}
