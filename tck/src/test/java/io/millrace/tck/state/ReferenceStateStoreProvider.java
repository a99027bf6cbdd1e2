package io.millrace.tck.state;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.state.ReferenceStateFile.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The TCK's reference state store: simple, but real. Each version is one checksummed file,
 * {@code <v>.snapshot} (the whole map) every {@code snapshotInterval} versions and
 * {@code <v>.delta} (the changes) otherwise, published with the storage's create-if-absent. A
 * retried commit whose file already exists with the same bytes succeeds without writing; one
 * with other bytes replaces it. The newest {@code cachedVersions} versions stay in memory;
 * maintenance snapshots the oldest of the last {@code retainVersions} versions and deletes
 * every older file.
 */
class ReferenceStateStoreProvider implements StateStoreProvider {
  static final String SNAPSHOT_INTERVAL = "millrace.state.reference.snapshotInterval";
  static final String RETAIN_VERSIONS = "millrace.state.reference.retainVersions";
  static final String CACHED_VERSIONS = "millrace.state.reference.cachedVersions";

  private StateStoreId id;
  private Storage storage;
  private FaultInjector faults;
  private long snapshotInterval;
  private long retainVersions;
  private long cachedVersions;
  private final TreeMap<Long, NavigableMap<byte[], byte[]>> cache = new TreeMap<>();

  @Override
  public void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context) {
    Options options = context.options();
    this.id = id;
    this.snapshotInterval = options.getLong(SNAPSHOT_INTERVAL, 5, 0);
    this.retainVersions = options.getLong(RETAIN_VERSIONS, 100, 1);
    this.cachedVersions = options.getLong(CACHED_VERSIONS, 2, 0);
    this.faults = context.faultInjector();
    try {
      this.storage = context.storage(id.storePath());
    } catch (IOException e) {
      throw new UncheckedIOException("no storage for " + id.storePath(), e);
    }
  }

  StateStoreId id() {
    return id;
  }

  @Override
  public StateStore getStore(long version) {
    return newStore(version, load(version));
  }

  @Override
  public ReadStateStore getReadStore(long version) {
    return newStore(version, load(version));
  }

  /** The store over {@code base}; the broken variants of the self-test replace it. */
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base);
  }

  // ---- loading

  /** Version {@code version}: from the cache, or the nearest snapshot (or version 0) plus the deltas after it. */
  protected synchronized NavigableMap<byte[], byte[]> load(long version) {
    List<String> lookedFor = new ArrayList<>();
    if (version < 0) {
      throw new StateVersionNotFoundException(id, version, lookedFor);
    }
    Deque<NavigableMap<byte[], byte[]>> deltas = new ArrayDeque<>();
    NavigableMap<byte[], byte[]> base = null;
    for (long v = version; base == null; v--) {
      if (v == 0) {
        base = ReferenceStateFile.newMap();
      } else if (cache.containsKey(v)) {
        base = cache.get(v);
      } else {
        Optional<NavigableMap<byte[], byte[]>> snapshot = readIfPresent(v, Kind.SNAPSHOT, lookedFor);
        if (snapshot.isPresent()) {
          base = snapshot.get();
        } else {
          deltas.push(readIfPresent(v, Kind.DELTA, lookedFor)
              .orElseThrow(() -> new StateVersionNotFoundException(id, version, lookedFor)));
        }
      }
    }
    if (deltas.isEmpty()) {
      remember(version, base);
      return base;
    }
    NavigableMap<byte[], byte[]> map = ReferenceStateFile.newMap();
    map.putAll(base);
    while (!deltas.isEmpty()) {
      apply(map, deltas.pop());
    }
    remember(version, map);
    return map;
  }

  private Optional<NavigableMap<byte[], byte[]>> readIfPresent(long v, Kind kind, List<String> lookedFor) {
    URI file = file(v, kind);
    lookedFor.add(file.toString());
    try {
      return Optional.of(decode(file.toString(), storage.readAll(file), kind, v));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** The entries of a version's file; the broken variants of the self-test replace the format. */
  protected NavigableMap<byte[], byte[]> decode(String path, byte[] bytes, Kind kind, long version) {
    return ReferenceStateFile.decode(path, bytes, kind, version);
  }

  /** A version's file. */
  protected byte[] encode(Kind kind, long version, Map<byte[], byte[]> entries) {
    return ReferenceStateFile.encode(kind, version, entries);
  }

  static void apply(NavigableMap<byte[], byte[]> map, Map<byte[], byte[]> changes) {
    changes.forEach((k, v) -> {
      if (v == null) {
        map.remove(k);
      } else {
        map.put(k, v);
      }
    });
  }

  private void remember(long version, NavigableMap<byte[], byte[]> map) {
    if (cachedVersions > 0 && version > 0) {
      cache.put(version, map);
      while (cache.size() > cachedVersions) {
        cache.pollFirstEntry();
      }
    }
  }

  synchronized long cachedBytes() {
    return cache.values().stream().mapToLong(ReferenceStateStoreProvider::bytes).sum();
  }

  static long bytes(Map<byte[], byte[]> map) {
    long sum = 0;
    for (Map.Entry<byte[], byte[]> e : map.entrySet()) {
      sum += 48 + e.getKey().length + (e.getValue() == null ? 0 : e.getValue().length);
    }
    return sum;
  }

  // ---- committing

  /** Writes version {@code version + 1} as {@code base} plus {@code changes}. */
  synchronized long commit(long version, NavigableMap<byte[], byte[]> base, NavigableMap<byte[], byte[]> changes) {
    long next = version + 1;
    NavigableMap<byte[], byte[]> map = ReferenceStateFile.newMap();
    map.putAll(base);
    apply(map, changes);
    boolean snapshot = snapshotInterval > 0 && next % snapshotInterval == 0;
    Kind kind = snapshot ? Kind.SNAPSHOT : Kind.DELTA;
    byte[] bytes = encode(kind, next, snapshot ? map : changes);
    try {
      publish(next, kind, bytes, FaultPoint.INSIDE_STATE_COMMIT);
    } catch (IOException e) {
      throw new MillraceException("cannot commit state version " + next + " of " + id.storePath() + ": " + e, e);
    }
    cache.remove(next);
    remember(next, map);
    return next;
  }

  /** Publishes {@code bytes} as the only file of {@code version}, unless an identical one is there. */
  private void publish(long version, Kind kind, byte[] bytes, FaultPoint point) throws IOException {
    URI target = file(version, kind);
    for (Kind k : Kind.values()) {
      URI existing = file(version, k);
      if (storage.status(existing).isPresent()) {
        if (k == kind && Arrays.equals(storage.readAll(existing), bytes)) {
          return;
        }
        storage.delete(existing);
      }
    }
    try (AtomicOutputStream out = storage.create(target)) {
      out.write(bytes);
      faults.reached(point, version);
      out.commit();
    } catch (FileAlreadyExistsException e) {
      if (!Arrays.equals(storage.readAll(target), bytes)) {
        throw new MillraceException("another writer committed different data as " + target, e);
      }
    }
  }

  private URI file(long version, Kind kind) {
    String dir = id.storePath().toString();
    return URI.create((dir.endsWith("/") ? dir : dir + "/") + version + "." + kind.name().toLowerCase(Locale.ROOT));
  }

  // ---- maintenance

  @Override
  public void doMaintenance() throws IOException {
    long latest = latestFileVersion();
    long oldestRetained = latest - retainVersions + 1;
    if (oldestRetained > 1) {
      purgeBefore(oldestRetained);
    }
  }

  /** Makes {@code version} a snapshot and deletes every file of an older version. */
  protected synchronized void purgeBefore(long version) throws IOException {
    NavigableMap<byte[], byte[]> map = load(version);
    publishSnapshotIfMissing(version, map);
    for (FileInfo f : storage.list(id.storePath())) {
      long v = versionOf(f.name());
      if (v >= 0 && v < version) {
        storage.delete(f.path());
      }
    }
    cache.headMap(version).clear();
  }

  private void publishSnapshotIfMissing(long version, NavigableMap<byte[], byte[]> map) throws IOException {
    URI snapshot = file(version, Kind.SNAPSHOT);
    if (storage.status(snapshot).isEmpty()) {
      try (AtomicOutputStream out = storage.create(snapshot)) {
        out.write(encode(Kind.SNAPSHOT, version, map));
        faults.reached(FaultPoint.DURING_MAINTENANCE, version);
        out.commit();
      } catch (FileAlreadyExistsException e) {
        // another maintenance run wrote the same snapshot
      }
    }
  }

  protected long latestFileVersion() throws IOException {
    long latest = 0;
    for (FileInfo f : storage.list(id.storePath())) {
      latest = Math.max(latest, versionOf(f.name()));
    }
    return latest;
  }

  private static long versionOf(String name) {
    int dot = name.indexOf('.');
    String suffix = dot < 0 ? "" : name.substring(dot + 1);
    if (!suffix.equals("snapshot") && !suffix.equals("delta")) {
      return -1;
    }
    try {
      return Long.parseLong(name.substring(0, dot));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  @Override
  public synchronized void close() {
    cache.clear();
  }
}
