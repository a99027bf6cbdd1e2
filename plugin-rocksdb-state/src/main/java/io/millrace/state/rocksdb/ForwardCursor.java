package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * One native iterator that a writing store's range reads walk on, forward: a keyed operator
 * visits its keys in the store's order and reads each key's range before it writes it, so the
 * next key's range starts where the last walk stopped, and is reached by stepping on rather than
 * by a new iterator and a seek (those were a quarter of the session_window benchmark's native
 * samples on rocksdb).
 *
 * <p>RocksDB pins what an iterator sees when it is made, and the store goes on writing. So a walk
 * may start here only where no write made since lies: past the greatest key written since the
 * cursor was made. Everything from there on is then in the DB as it was when the cursor was
 * made, which is what a new iterator would see. A walk also never starts behind the position, nor
 * while another walk is under way on it; the store makes an iterator of its own for those.
 */
final class ForwardCursor implements AutoCloseable {
  private final View view;
  private final NativeIterator it;
  /** The key at the position, or null at the end; the position is the first key at or after {@link #floor}. */
  private byte[] current;
  private byte[] floor;
  /** The greatest key written since the cursor was made (the writer's array, which nobody changes), or null. */
  private byte[] greatestWritten;
  private boolean walking;
  /** Closed when the walk under way ends: its store ended, and the walk, like the store's other iterators, outlives it. */
  private boolean closeAfterWalk;

  /** A cursor at the first key at or after {@code from} of the DB of {@code view} as it is now, writes under way included. */
  ForwardCursor(View view, byte[] from) {
    this.view = view;
    this.it = new NativeIterator(view, true, from, null);
    seek(from);
  }

  /** Whether a walk is under way on it: it gives no other till that one ends. */
  boolean walking() {
    return walking;
  }

  /** The store wrote {@code key}: no walk may start at or before it from now on. */
  void written(byte[] key) {
    if (greatestWritten == null || Bytes.ORDER.compare(key, greatestWritten) > 0) {
      greatestWritten = key;
    }
  }

  /** The entries of {@code [from, to)} walked from here, or null when this cursor cannot give them. */
  Iterator<KeyValue> range(byte[] from, byte[] to) {
    if (it.closed() || walking || Bytes.ORDER.compare(from, floor) < 0
        || greatestWritten != null && Bytes.ORDER.compare(from, greatestWritten) <= 0) {
      return null;
    }
    if (current != null && Bytes.ORDER.compare(current, from) < 0) {
      seek(from);
    }
    walking = true;
    return new Walk(to);
  }

  /** One walk over {@code [from, to)}; closing it before its end lets the cursor serve the next. */
  private final class Walk implements Iterator<KeyValue>, AutoCloseable {
    private final byte[] to;
    /** The last key returned, or null. */
    private byte[] last;
    private boolean ended;

    Walk(byte[] to) {
      this.to = to;
    }

    @Override
    public boolean hasNext() {
      if (!ended && (current == null || Bytes.ORDER.compare(current, to) >= 0)) {
        end(to);
      }
      return !ended;
    }

    @Override
    public KeyValue next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      synchronized (view.db) {
        if (it.closed()) {
          throw new IllegalStateException("the state store of version " + view.version + " ended during an iteration");
        }
        KeyValue kv = new KeyValue(current, it.it().value());
        last = current;
        it.it().next();
        current = it.it().isValid() ? it.it().key() : null;
        return kv;
      }
    }

    /** Ends the walk where it is: the position is then the first key past the last one returned. */
    @Override
    public void close() {
      if (!ended) {
        end(last == null ? floor : Arrays.copyOf(last, last.length + 1));
      }
    }

    /** Ends the walk with the position the first key at or after {@code newFloor}. */
    private void end(byte[] newFloor) {
      ended = true;
      walking = false;
      floor = newFloor;
      if (closeAfterWalk) {
        ForwardCursor.this.close();
      }
    }
  }

  private void seek(byte[] from) {
    it.it().seek(from);
    floor = from;
    current = it.it().isValid() ? it.it().key() : null;
  }

  /** Closes it now, or when the walk under way ends. */
  void closeWhenIdle() {
    if (walking) {
      closeAfterWalk = true;
    } else {
      close();
    }
  }

  @Override
  public void close() {
    it.close();
  }
}
