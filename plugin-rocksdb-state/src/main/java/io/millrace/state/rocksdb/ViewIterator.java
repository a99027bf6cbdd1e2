package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The entries of a {@link View} in unsigned key order: all of them, those starting with a
 * prefix, or those of a range {@code [from, to)}. It holds its own reference to the view, so it
 * survives the store's close; the native iterator and the reference are let go when it is
 * exhausted, or when the provider closes.
 *
 * <p>A prefix or range walk tells RocksDB where it ends (its upper bound): without it, reaching
 * the end means stepping over every deleted key after it that compaction has not yet dropped,
 * and a batch that deletes many neighbouring keys (expired timers, closed sessions) would make
 * each short walk after them a long one.
 */
final class ViewIterator implements Iterator<KeyValue>, AutoCloseable {
  private final View view;
  private final byte[] prefix;
  /** The first key past the walk, or null. */
  private final byte[] to;
  private final NativeIterator it;
  private KeyValue next;

  static ViewIterator all(View view) {
    return new ViewIterator(view, false, null, null, null);
  }

  static ViewIterator prefixed(View view, byte[] prefix) {
    return new ViewIterator(view, false, prefix, prefix, null);
  }

  static ViewIterator range(View view, byte[] from, byte[] to) {
    return new ViewIterator(view, false, from, null, to);
  }

  /**
   * Like the others, over the view's DB as it is now, with the writes of the store writing on
   * top of {@code view}: RocksDB pins what an iterator sees when it is made, so later writes
   * stay out of it.
   */
  static ViewIterator latest(View view, byte[] from, byte[] prefix, byte[] to) {
    return new ViewIterator(view, true, from, prefix, to);
  }

  /** From the first key at or after {@code from} (the first key when null), while keys start with {@code prefix} and are less than {@code to} (each when not null). */
  private ViewIterator(View view, boolean latest, byte[] from, byte[] prefix, byte[] to) {
    this.view = view;
    this.prefix = prefix;
    this.to = to;
    byte[] bound = to != null ? to : prefix != null ? Bytes.successor(prefix) : null;
    // The walk reads [from or prefix, bound) and stops there: writes outside it need not reach the DB first.
    this.it = new NativeIterator(view, latest, from != null ? from : prefix, bound);
    if (from == null) {
      it.it().seekToFirst();
    } else {
      it.it().seek(from);
    }
    advance();
  }

  private void advance() {
    byte[] key = !it.closed() && it.it().isValid() ? it.it().key() : null;
    if (key != null && (prefix == null || Bytes.startsWith(key, prefix))
        && (to == null || Bytes.ORDER.compare(key, to) < 0)) {
      next = new KeyValue(key, it.it().value());
      it.it().next();
    } else {
      next = null;
      close();
    }
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public KeyValue next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    KeyValue out = next;
    synchronized (view.db) {
      if (view.db.isClosed()) {
        throw new IllegalStateException("the state store provider was closed during an iteration of version " + view.version);
      }
      advance();
    }
    return out;
  }

  @Override
  public void close() {
    it.close();
  }
}
