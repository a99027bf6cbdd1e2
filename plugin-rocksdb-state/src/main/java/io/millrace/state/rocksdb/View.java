package io.millrace.state.rocksdb;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.Snapshot;

/**
 * One committed version of a {@link LocalDb}, pinned by a RocksDB snapshot so that writes of
 * later versions stay invisible. Reference counted: the store that opened it holds one
 * reference and each open iterator another, so an iterator outlives its store's close.
 */
final class View {
  final LocalDb db;
  final long version;
  final long numKeys;
  private final Snapshot snapshot;
  private final ReadOptions readOptions;
  private int refs = 1;

  View(LocalDb db, long version, long numKeys) {
    this.db = db;
    this.version = version;
    this.numKeys = numKeys;
    this.snapshot = db.db().getSnapshot();
    this.readOptions = new ReadOptions().setSnapshot(snapshot);
  }

  byte[] get(byte[] key) {
    try {
      return db.db().get(readOptions, key);
    } catch (RocksDBException e) {
      throw new IllegalStateException("cannot read version " + version + " from the local RocksDB in " + db.dir + ": " + e, e);
    }
  }

  /** Read options for an iterator of this version, with nothing else set; the caller closes them. */
  ReadOptions newReadOptions() {
    return new ReadOptions().setSnapshot(snapshot);
  }

  synchronized void acquire() {
    if (refs == 0) {
      throw new IllegalStateException("version " + version + " was already released");
    }
    refs++;
  }

  /** Lets go of one reference; the last one releases the snapshot. */
  void release() {
    synchronized (this) {
      if (refs == 0 || --refs > 0) {
        return;
      }
    }
    synchronized (db) {
      if (!db.isClosed()) {
        db.db().releaseSnapshot(snapshot);
      }
      readOptions.close();
      db.unref();
    }
  }
}
