package io.millrace.runtime.state.keyed;

/**
 * One TTL variable's expiration rule in one partition's batch: values written now expire at the
 * batch's processing time plus the TTL; a value is expired once a batch's processing time
 * reaches its expiration ({@code now >= expiration}, as Spark's TTLState). Reads do not extend it.
 */
final class Ttl {
  private final String variable;
  private final long ttlMs;
  private final TtlIndex index;
  private final BatchTime time;

  Ttl(String variable, long ttlMs, TtlIndex index, BatchTime time) {
    this.variable = variable;
    this.ttlMs = ttlMs;
    this.index = index;
    this.time = time;
  }

  /** The expiration of a value written in this batch. */
  long expiresAtIfWrittenNow() {
    long now = now();
    return now > Long.MAX_VALUE - ttlMs ? Long.MAX_VALUE : now + ttlMs;
  }

  boolean expired(byte[] value) {
    return now() >= TtlIndex.expiresAt(value);
  }

  /** Writes {@code row} under {@code key} with its expiration, and indexes it. */
  byte[] write(byte[] key, byte[] row) {
    long expires = expiresAtIfWrittenNow();
    index.add(expires, key);
    return TtlIndex.withExpiry(expires, row);
  }

  TtlIndex index() {
    return index;
  }

  long now() {
    if (time.nowMs == Long.MIN_VALUE) {
      throw new IllegalStateException("state variable '" + variable + "' has a TTL, but the batch's processing time"
          + " was not set");
    }
    return time.nowMs;
  }

  /** The processing time of a partition's batch, which TTL variables expire against. */
  static final class BatchTime {
    long nowMs = Long.MIN_VALUE;
  }
}
