package io.millrace.state.rocksdb;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * A RocksDB iterator of a {@link View}'s DB with the native objects it needs, holding its own
 * reference to the view and tracked by the DB, so that closing the provider closes it. Its walks
 * ({@link ViewIterator}, {@link ForwardCursor}) step it under the DB's lock and check
 * {@link #closed()} first.
 */
final class NativeIterator implements AutoCloseable {
  final View view;
  private RocksIterator it;
  private ReadOptions readOptions;
  private Slice upperBound;

  /**
   * Over the DB as it is now, writes under way included, when {@code latest}, else over the
   * view's snapshot; to be read over {@code [from, bound)} only (null: from the first key, to the
   * last), RocksDB told the bound.
   */
  NativeIterator(View view, boolean latest, byte[] from, byte[] bound) {
    this.view = view;
    view.acquire();
    try {
      view.db.track(this);
      readOptions = latest ? new ReadOptions() : view.newReadOptions();
      if (bound != null) {
        upperBound = new Slice(bound);
        readOptions.setIterateUpperBound(upperBound);
      }
      it = view.db.newIterator(readOptions, latest, from, bound);
    } catch (RuntimeException | RocksDBException e) {
      view.db.untrack(this);
      closeOptions();
      view.release();
      if (e instanceof RocksDBException) {
        throw new IllegalStateException("cannot iterate the local RocksDB in " + view.db.dir + ": " + e.getMessage(), e);
      }
      throw (RuntimeException) e;
    }
  }

  /** The native iterator; not to be used once {@link #closed()}. */
  RocksIterator it() {
    return it;
  }

  boolean closed() {
    return it == null;
  }

  private void closeOptions() {
    if (readOptions != null) {
      readOptions.close();
      readOptions = null;
    }
    if (upperBound != null) {
      upperBound.close();
      upperBound = null;
    }
  }

  @Override
  public void close() {
    synchronized (view.db) { // the lock LocalDb.close holds when it closes what is still open
      if (it == null) {
        return;
      }
      it.close();
      it = null;
      closeOptions();
      view.db.untrack(this);
      view.release();
    }
  }
}
