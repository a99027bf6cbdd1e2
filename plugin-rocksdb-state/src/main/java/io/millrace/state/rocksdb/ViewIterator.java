package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.rocksdb.RocksIterator;

/**
 * The entries of a {@link View} in unsigned key order, all of them or those starting with a
 * prefix. It holds its own reference to the view, so it survives the store's close; the native
 * iterator and the reference are let go when it is exhausted, or when the provider closes.
 */
final class ViewIterator implements Iterator<KeyValue>, AutoCloseable {
  private final View view;
  private final byte[] prefix;
  private RocksIterator it;
  private KeyValue next;

  ViewIterator(View view, byte[] prefix) {
    this.view = view;
    this.prefix = prefix;
    view.acquire();
    try {
      view.db.track(this);
      this.it = view.newIterator();
    } catch (RuntimeException e) {
      view.db.untrack(this);
      view.release();
      throw e;
    }
    if (prefix == null) {
      it.seekToFirst();
    } else {
      it.seek(prefix);
    }
    advance();
  }

  private void advance() {
    if (it != null && it.isValid() && (prefix == null || Bytes.startsWith(it.key(), prefix))) {
      next = new KeyValue(it.key(), it.value());
      it.next();
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
    synchronized (view.db) { // the lock LocalDb.close holds when it closes what is still open
      if (it == null) {
        return;
      }
      it.close();
      it = null;
      view.db.untrack(this);
      view.release();
    }
  }
}
