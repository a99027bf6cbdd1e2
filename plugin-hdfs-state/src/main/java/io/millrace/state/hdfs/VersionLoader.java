package io.millrace.state.hdfs;

import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds a version: in the cache, or from storage as the nearest base at or below it (a cached
 * version or a snapshot, else the empty version 0) plus the deltas after that base, planned
 * from one listing of the store's directory.
 */
final class VersionLoader {
  /** Marks a removal among folded changes; never a value read from a file. */
  private static final byte[] REMOVED = new byte[0];

  private final StateStoreId id;
  private final Storage storage;
  private final StoreLayout layout;
  private final VersionCache cache;
  private final ProviderMetrics metrics;

  VersionLoader(StateStoreId id, Storage storage, StoreLayout layout, VersionCache cache, ProviderMetrics metrics) {
    this.id = id;
    this.storage = storage;
    this.layout = layout;
    this.cache = cache;
    this.metrics = metrics;
  }

  /** Version {@code version}, cached after a load. */
  StateMap load(long version) {
    if (version < 0) {
      throw new StateVersionNotFoundException(id, version, List.of());
    }
    if (version == 0) {
      return StateMap.EMPTY;
    }
    StateMap cached = cache.get(version);
    if (cached != null) {
      metrics.cacheHits.incrementAndGet();
      return cached;
    }
    metrics.cacheMisses.incrementAndGet();
    long start = System.nanoTime();
    try {
      StateMap loaded = fromStorage(version, StoreListing.of(storage, layout));
      return cache.putIfAbsent(version, loaded);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the state files of " + layout.dir(), e);
    } finally {
      metrics.loadTimeMs.addAndGet((System.nanoTime() - start) / 1_000_000);
    }
  }

  private StateMap fromStorage(long version, StoreListing listing) {
    if (!listing.has(version, StateFileKind.DELTA) && !listing.has(version, StateFileKind.SNAPSHOT)) {
      throw notFound(version, List.of(layout.file(version, StateFileKind.SNAPSHOT), layout.file(version, StateFileKind.DELTA)));
    }
    long snapshot = listing.snapshotAtOrBelow(version);
    Map.Entry<Long, StateMap> cached = cache.newestBelow(version);
    long from;
    StateMap map;
    if (cached != null && cached.getKey() > snapshot) {
      from = cached.getKey();
      map = cached.getValue();
    } else if (snapshot > 0) {
      from = snapshot;
      map = readSnapshot(version, snapshot);
    } else {
      from = 0;
      map = StateMap.EMPTY;
    }
    for (long v = from + 1; v <= version; v++) {
      if (!listing.has(v, StateFileKind.DELTA)) {
        throw notFound(version, List.of(layout.file(version, StateFileKind.SNAPSHOT), layout.file(v, StateFileKind.DELTA)));
      }
    }
    if (version - from == 1) {
      return applyDelta(version, version, map);
    }
    return applyDeltas(version, from + 1, map);
  }

  /**
   * Applies the deltas {@code first..version} in one pass: their changes are folded into one
   * map first (the last change of a key wins), so a key put and removed again across the
   * deltas, as most keys of a windowed aggregation are, costs no tree edit at all; what is left
   * is applied in key order, or built bottom-up when the base is empty. A restart from a
   * checkpoint without a recent snapshot replays many deltas: this is its cost.
   */
  private StateMap applyDeltas(long version, long first, StateMap base) {
    Map<Key, byte[]> changes = new HashMap<>();
    for (long v = first; v <= version; v++) {
      read(version, layout.file(v, StateFileKind.DELTA), StateFileKind.DELTA, v,
          (key, value) -> changes.put(new Key(key), value == null ? REMOVED : value));
    }
    boolean empty = base.size() == 0;
    List<Map.Entry<Key, byte[]>> sorted = new ArrayList<>();
    for (Map.Entry<Key, byte[]> e : changes.entrySet()) {
      if (!empty || e.getValue() != REMOVED) { // removing from an empty base changes nothing
        sorted.add(e);
      }
    }
    sorted.sort((a, b) -> Bytes.compare(a.getKey().bytes, b.getKey().bytes));
    if (empty) {
      StateMapBuilder builder = new StateMapBuilder();
      for (Map.Entry<Key, byte[]> e : sorted) {
        builder.add(e.getKey().bytes, e.getValue());
      }
      return builder.build();
    }
    MapEditor editor = base.edit();
    for (Map.Entry<Key, byte[]> e : sorted) {
      editor.apply(e.getKey().bytes, e.getValue() == REMOVED ? null : e.getValue());
    }
    return editor.current();
  }

  /**
   * A key as a hash key: the hash computed once, equality by {@code Arrays.equals}. A restart
   * runs this before the JIT has compiled anything, where ByteBuffer's per-byte hashCode and
   * equals cost most of the load.
   */
  private static final class Key {
    final byte[] bytes;
    private final int hash;

    Key(byte[] bytes) {
      this.bytes = bytes;
      this.hash = Arrays.hashCode(bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).hash == hash && Arrays.equals(((Key) o).bytes, bytes);
    }
  }

  private StateMap readSnapshot(long wanted, long version) {
    StateMapBuilder builder = new StateMapBuilder();
    read(wanted, layout.file(version, StateFileKind.SNAPSHOT), StateFileKind.SNAPSHOT, version, builder::add);
    return builder.build();
  }

  private StateMap applyDelta(long wanted, long version, StateMap base) {
    MapEditor editor = base.edit();
    read(wanted, layout.file(version, StateFileKind.DELTA), StateFileKind.DELTA, version, editor::apply);
    return editor.current();
  }

  /** Reads one file; a file that vanished since the listing (maintenance) means the version is gone. */
  void read(long wanted, URI file, StateFileKind kind, long version, StateFileReader.Visitor visitor) {
    try (InputStream in = storage.open(file)) {
      StateFileReader.read(file.toString(), in, kind, version, visitor);
      metrics.filesRead.incrementAndGet();
    } catch (NoSuchFileException e) {
      throw notFound(wanted, List.of(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private StateVersionNotFoundException notFound(long version, List<URI> files) {
    List<String> names = new ArrayList<>();
    files.forEach(f -> names.add(f.toString()));
    return new StateVersionNotFoundException(id, version, names);
  }
}
