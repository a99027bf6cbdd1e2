package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.Iterator;
import java.util.Objects;

/** A read-only view of one version: the immutable map itself, shared, never copied. */
final class HdfsReadStore implements ReadStateStore {
  private final HdfsStateStoreProvider provider;
  private final long version;
  private final StateMap map;

  HdfsReadStore(HdfsStateStoreProvider provider, long version, StateMap map) {
    this.provider = provider;
    this.version = version;
    this.map = map;
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return version;
  }

  @Override
  public byte[] get(byte[] key) {
    return map.get(key);
  }

  @Override
  public Iterator<KeyValue> iterator() {
    return map.iterator();
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    return map.prefixScan(prefix);
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    return map.range(Objects.requireNonNull(from, "a range's start cannot be null"),
        Objects.requireNonNull(to, "a range's end cannot be null"));
  }

  @Override
  public StateStoreMetrics metrics() {
    return provider.metrics(map.size(), provider.uncachedBytes(map));
  }
}
