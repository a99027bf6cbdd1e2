package io.millrace.state.rocksdb;

import io.millrace.spi.MillraceException;
import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.io.IOException;
import java.util.Iterator;
import org.rocksdb.RocksDBException;

/**
 * A store that reads version {@code v} and writes {@code v+1} straight into the local DB, which
 * it has to itself until it ends ({@link LocalDb#beginWrite}). Each write also goes to the
 * changelog as it is made ({@link PendingChangelog}), so nothing of a batch's writes stays on
 * the Java heap: a batch may write more than the heap holds. Reads and iterators see the DB as
 * it is, this store's writes included; an iterator keeps what it saw when it was made, RocksDB
 * pinning it. {@code numKeys} is kept exact by looking each written key up once, unless the
 * writer says whether it is there ({@link Presence}).
 */
final class RocksDbStateStore implements StateStore {
  private enum State { OPEN, COMMITTED, ABORTED }

  private final RocksDbStateStoreProvider provider;
  private final View base;
  private final PendingChangelog changelog;
  private long numKeys;
  private State state = State.OPEN;
  /** Where range reads walk on while they go forward over the keys ({@link ForwardCursor}); null before the first. */
  private ForwardCursor cursor;
  /** The end of the last range read: a read starting at or after it goes forward. */
  private byte[] lastRangeEnd;

  RocksDbStateStore(RocksDbStateStoreProvider provider, View base) {
    this.provider = provider;
    this.base = base;
    this.numKeys = base.numKeys;
    this.changelog = provider.pendingChangelog(base.version + 1);
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return base.version;
  }

  @Override
  public byte[] get(byte[] key) {
    checkOpen();
    return latest(key);
  }

  private byte[] latest(byte[] key) {
    try {
      return base.db.latest(key);
    } catch (RocksDBException e) {
      throw failed("read", e);
    }
  }

  @Override
  public void put(byte[] key, byte[] value) {
    checkOpen();
    checkValue(value);
    putCounted(key, value, latest(key) == null);
  }

  /** Without the lookup when the caller knows whether the key is there: on a miss it reads every level's filter. */
  @Override
  public void put(byte[] key, byte[] value, Presence before) {
    checkOpen();
    checkValue(value);
    putCounted(key, value, before == Presence.ABSENT);
  }

  private void putCounted(byte[] key, byte[] value, boolean absent) {
    if (absent) {
      numKeys++;
    }
    write(key, value);
  }

  private static void checkValue(byte[] value) {
    if (value == null) {
      throw new IllegalArgumentException("a state value cannot be null; use remove");
    }
  }

  @Override
  public byte[] putIfAbsent(byte[] key, byte[] value) {
    checkOpen();
    checkValue(value);
    byte[] current = latest(key); // the one lookup put makes anyway, to keep numKeys exact
    if (current == null) {
      numKeys++;
      write(key, value);
    }
    return current;
  }

  @Override
  public void remove(byte[] key) {
    checkOpen();
    if (latest(key) != null) {
      numKeys--;
      write(key, null);
    }
  }

  @Override
  public void remove(byte[] key, Presence before) {
    checkOpen();
    if (before != Presence.PRESENT) {
      remove(key);
      return;
    }
    numKeys--;
    write(key, null);
  }

  /** Into the changelog first: a write that fails there never reaches the DB. */
  private void write(byte[] key, byte[] value) {
    if (cursor != null) {
      cursor.written(key);
    }
    try {
      changelog.record(key, value);
      if (value == null) {
        base.db.delete(key);
      } else {
        base.db.put(key, value);
      }
    } catch (IOException e) {
      throw new MillraceException("cannot write the changelog of state version " + (base.version + 1) + " of "
          + provider.id().storePath() + ": " + e, e);
    } catch (RocksDBException e) {
      throw failed("write", e);
    }
  }

  @Override
  public Iterator<KeyValue> iterator() {
    checkOpen();
    return ViewIterator.latest(base, null, null, null);
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    checkOpen();
    byte[] copy = prefix.clone();
    return ViewIterator.latest(base, copy, copy, null);
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    checkOpen();
    if (Bytes.ORDER.compare(from, to) >= 0) {
      return java.util.Collections.emptyIterator();
    }
    byte[] end = to.clone();
    boolean forward = lastRangeEnd != null && Bytes.ORDER.compare(from, lastRangeEnd) >= 0;
    lastRangeEnd = end;
    Iterator<KeyValue> walk = cursor != null ? cursor.range(from, end) : null;
    if (walk != null) {
      return walk;
    }
    if (forward && (cursor == null || !cursor.walking())) {
      // Forward, but behind a write since the cursor was made: a new one from here.
      closeCursor();
      cursor = new ForwardCursor(base, from.clone());
      return cursor.range(from, end);
    }
    return ViewIterator.latest(base, from.clone(), null, end);
  }

  /** Lets the cursor go: closed now, or when a walk under way on it ends, as the store's other iterators are. */
  private void closeCursor() {
    if (cursor != null) {
      cursor.closeWhenIdle();
      cursor = null;
    }
  }

  @Override
  public long removeRange(byte[] from, byte[] to) {
    checkOpen();
    // The iterator holds exactly the keys visible when it was made, and keeps them while they
    // go, so each goes without the point lookup remove() makes to keep numKeys exact.
    long removed = 0;
    for (Iterator<KeyValue> it = range(from, to); it.hasNext(); removed++) {
      numKeys--;
      write(it.next().key(), null);
    }
    return removed;
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public long commit() {
    checkOpen();
    closeCursor();
    try {
      long next = provider.commit(base, changelog, numKeys);
      state = State.COMMITTED;
      return next;
    } finally {
      if (state == State.COMMITTED) {
        base.release();
      }
    }
  }

  @Override
  public void abort() {
    if (state == State.OPEN) {
      state = State.ABORTED;
      closeCursor();
      provider.abandon(base, changelog);
      base.release();
    }
  }

  @Override
  public boolean hasCommitted() {
    return state == State.COMMITTED;
  }

  @Override
  public StateStoreMetrics metrics() {
    return provider.metrics(base.db, numKeys, changelog.recordBytes());
  }

  private RuntimeException failed(String what, RocksDBException e) {
    return new MillraceException("cannot " + what + " state version " + (base.version + 1) + " of "
        + provider.id().storePath() + " in the local RocksDB in " + base.db.dir + ": " + e, e);
  }

  private void checkOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException("the store of version " + base.version + " of " + provider.id().storePath()
          + " was already " + (state == State.COMMITTED ? "committed" : "aborted"));
    }
  }

  /** Closing a store that was neither committed nor aborted aborts it. */
  @Override
  public void close() {
    abort();
  }
}
