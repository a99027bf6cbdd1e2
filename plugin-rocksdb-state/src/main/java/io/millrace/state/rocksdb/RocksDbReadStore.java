package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.Iterator;

/** A read-only view of one committed version; iterators it hands out outlive its close. */
final class RocksDbReadStore implements ReadStateStore {
  private final RocksDbStateStoreProvider provider;
  private final View view;
  private boolean closed;

  RocksDbReadStore(RocksDbStateStoreProvider provider, View view) {
    this.provider = provider;
    this.view = view;
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return view.version;
  }

  @Override
  public byte[] get(byte[] key) {
    checkOpen();
    return view.get(key);
  }

  @Override
  public Iterator<KeyValue> iterator() {
    checkOpen();
    return ViewIterator.all(view);
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    checkOpen();
    return ViewIterator.prefixed(view, prefix.clone());
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    checkOpen();
    return ViewIterator.range(view, from.clone(), to.clone());
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public StateStoreMetrics metrics() {
    return provider.metrics(view.db, view.numKeys, 0);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the read store of version " + view.version + " of " + provider.id().storePath()
          + " is closed");
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      view.release();
    }
  }
}
