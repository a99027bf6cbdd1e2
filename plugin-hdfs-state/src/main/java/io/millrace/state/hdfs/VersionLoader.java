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
import java.util.List;
import java.util.Map;

/**
 * Finds a version: in the cache, or from storage as the nearest base at or below it (a cached
 * version or a snapshot, else the empty version 0) plus the deltas after that base, planned
 * from one listing of the store's directory.
 */
final class VersionLoader {
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
      map = applyDelta(version, v, map);
    }
    return map;
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
