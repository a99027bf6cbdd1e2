package io.millrace.state.hdfs;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreMetrics;
import java.util.Iterator;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads version {@code v} and collects the batch's changes in a {@link MapEditor} over it:
 * opening costs nothing, each write O(log n), and version {@code v} itself never changes, so
 * other readers of it (and other stores on it) see none of these writes. Nothing is written to
 * storage before {@link #commit()}, so {@link #abort()} only drops the editor.
 */
final class HdfsStateStore implements StateStore {
  private enum State { OPEN, COMMITTED, ABORTED }

  private final HdfsStateStoreProvider provider;
  private final long version;
  private final StateMap base;
  private MapEditor editor;
  private StateMap committed;
  private State state = State.OPEN;

  HdfsStateStore(HdfsStateStoreProvider provider, long version, StateMap base) {
    this.provider = provider;
    this.version = version;
    this.base = base;
    this.editor = base.edit();
  }

  @Override
  public StateStoreId id() {
    return provider.id();
  }

  @Override
  public long version() {
    return version;
  }

  /** What reads of a store no longer open see: the committed version, or the base after an abort. */
  private StateMap settled() {
    return state == State.COMMITTED ? committed : base;
  }

  @Override
  public byte[] get(byte[] key) {
    return state == State.OPEN ? editor.get(key) : settled().get(key);
  }

  @Override
  public void put(byte[] key, byte[] value) {
    requireOpen("put");
    Objects.requireNonNull(key, "a state key cannot be null");
    Objects.requireNonNull(value, "a state value cannot be null");
    // Kept as they are: the SPI's put forbids the caller to change them afterwards, so a
    // version cannot change under a reader, and a batch saves two copies per put.
    editor.put(key, value);
  }

  @Override
  public byte[] putIfAbsent(byte[] key, byte[] value) {
    requireOpen("putIfAbsent");
    Objects.requireNonNull(key, "a state key cannot be null");
    Objects.requireNonNull(value, "a state value cannot be null");
    return editor.putIfAbsent(key, value);
  }

  @Override
  public void remove(byte[] key) {
    requireOpen("remove");
    editor.remove(Objects.requireNonNull(key, "a state key cannot be null"));
  }

  @Override
  public Iterator<KeyValue> iterator() {
    // An open store's cursor lets the editor go on editing in place once it is exhausted.
    return state == State.OPEN ? editor.iterator() : settled().iterator();
  }

  @Override
  public boolean supportsPrefixScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> prefixScan(byte[] prefix) {
    Objects.requireNonNull(prefix, "a prefix cannot be null");
    return state == State.OPEN ? editor.prefixScan(prefix) : settled().prefixScan(prefix);
  }

  @Override
  public long removeRange(byte[] from, byte[] to) {
    requireOpen("removeRange");
    Objects.requireNonNull(from, "a range's start cannot be null");
    Objects.requireNonNull(to, "a range's end cannot be null");
    return editor.removeRange(from, to);
  }

  @Override
  public boolean supportsRangeScan() {
    return true;
  }

  @Override
  public Iterator<KeyValue> range(byte[] from, byte[] to) {
    Objects.requireNonNull(from, "a range's start cannot be null");
    Objects.requireNonNull(to, "a range's end cannot be null");
    return state == State.OPEN ? editor.range(from, to) : settled().range(from, to);
  }

  @Override
  public StateStoreMetrics metrics() {
    if (state == State.OPEN) {
      return provider.metrics(editor.size(), provider.uncachedBytes(base) + editor.workingBytes());
    }
    StateMap map = settled();
    return provider.metrics(map.size(), provider.uncachedBytes(map));
  }

  @Override
  public long commit() {
    requireOpen("commit");
    committed = provider.commit(version, editor);
    editor = null;
    state = State.COMMITTED;
    return version + 1;
  }

  @Override
  public void abort() {
    if (state == State.OPEN) {
      editor = null;
      state = State.ABORTED;
    }
  }

  @Override
  public boolean hasCommitted() {
    return state == State.COMMITTED;
  }

  /** The editor of an open store, for tests. */
  MapEditor editor() {
    return editor;
  }

  private void requireOpen(String call) {
    if (state != State.OPEN) {
      throw new IllegalStateException(call + " on a store of version " + version + " of " + provider.id().storePath()
          + " that was already " + state.name().toLowerCase(Locale.ROOT));
    }
  }
}
