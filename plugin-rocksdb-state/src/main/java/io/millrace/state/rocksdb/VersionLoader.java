package io.millrace.state.rocksdb;

import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Builds a {@link LocalDb} at a version from the checkpoint alone (the newest snapshot at or
 * below it, then the changelogs after it), and rolls an instance forward by replaying
 * changelogs. Every byte read is checked: changelogs and manifests by CRC32C, SST files by
 * the SHA-256 their shared name is; damage fails with {@link CorruptFileException} naming the
 * file and is never applied.
 */
final class VersionLoader {
  private final StateStoreId id;
  private final Storage storage;
  private final CheckpointLayout layout;
  private final SharedMemory memory;
  private final ProviderMetrics metrics;
  private final Path workDir;
  private final AtomicLong instances = new AtomicLong();

  VersionLoader(StateStoreId id, Storage storage, CheckpointLayout layout, SharedMemory memory, ProviderMetrics metrics,
      Path workDir) {
    this.id = id;
    this.storage = storage;
    this.layout = layout;
    this.memory = memory;
    this.metrics = metrics;
    this.workDir = workDir;
  }

  /** A new instance at {@code version}, or StateVersionNotFoundException naming what was looked for. */
  LocalDb load(long version) throws IOException {
    long started = System.nanoTime();
    if (version < 0) {
      throw notFound(version, List.of());
    }
    StoreListing listing = StoreListing.of(storage, layout);
    long base = version == 0 ? 0 : listing.baseFor(version);
    if (base < 0) {
      throw notFound(version, missing(listing, version));
    }
    Path dir = workDir.resolve(String.valueOf(instances.incrementAndGet()));
    LocalDb.deleteRecursively(dir);
    LocalDb db = base == 0 ? LocalDb.open(dir, memory, 0, 0) : fromSnapshot(base, dir);
    try {
      for (long v = base + 1; v <= version; v++) {
        if (!rollForward(db, v)) {
          throw notFound(version, List.of(layout.changelog(v).toString()));
        }
      }
    } catch (RuntimeException | IOException e) {
      db.retire();
      throw e;
    }
    metrics.loadsFromCheckpoint.incrementAndGet();
    metrics.lastLoadTimeMs.set((System.nanoTime() - started) / 1_000_000);
    return db;
  }

  /**
   * Applies {@code <version>.changelog} to {@code db}, which holds {@code version - 1}.
   *
   * @return false if the changelog does not exist
   */
  boolean rollForward(LocalDb db, long version) throws IOException {
    String path = layout.changelog(version).toString();
    try (WriteBatch batch = new WriteBatch(); InputStream in = storage.open(layout.changelog(version))) {
      ChangelogFormat.Summary summary = ChangelogFormat.read(in, path, version, (key, value) -> {
        try {
          if (value == null) {
            batch.delete(key);
          } else {
            batch.put(key, value);
          }
        } catch (RocksDBException e) {
          throw new IOException("cannot buffer a change of " + path + ": " + e.getMessage(), e);
        }
      });
      db.apply(batch, version, summary.numKeysAfter());
      metrics.changelogsReplayed.incrementAndGet();
      return true;
    } catch (NoSuchFileException e) {
      return false;
    } catch (RocksDBException e) {
      throw new MillraceException("cannot apply " + path + " to the local RocksDB in " + db.dir + ": " + e.getMessage(), e);
    }
  }

  private LocalDb fromSnapshot(long version, Path dir) throws IOException {
    String manifestPath = layout.snapshot(version).toString();
    SnapshotManifest manifest = SnapshotManifest.decode(storage.readAll(layout.snapshot(version)), manifestPath, version);
    Files.createDirectories(dir);
    for (Map.Entry<String, byte[]> file : manifest.inline().entrySet()) {
      Files.write(dir.resolve(safeName(file.getKey(), manifestPath)), file.getValue());
    }
    for (SnapshotManifest.Sst sst : manifest.ssts()) {
      download(sst, dir.resolve(safeName(sst.localName(), manifestPath)), manifestPath);
    }
    LocalDb db = LocalDb.open(dir, memory, version, manifest.numKeys());
    manifest.ssts().forEach(sst -> db.sharedNames.put(sst.localName(), sst.sharedName()));
    return db;
  }

  private void download(SnapshotManifest.Sst sst, Path target, String manifestPath) throws IOException {
    String path = layout.sst(sst.sharedName()).toString();
    MessageDigest sha = sha256();
    long size;
    try (InputStream in = new DigestInputStream(storage.open(layout.sst(sst.sharedName())), sha);
        OutputStream out = Files.newOutputStream(target)) {
      size = in.transferTo(out);
    } catch (NoSuchFileException e) {
      throw new CorruptFileException(path, "is missing; " + manifestPath + " lists it as " + sst.localName());
    }
    if (size != sst.size() || !sharedName(sha.digest()).equals(sst.sharedName())) {
      throw new CorruptFileException(path, "content does not match its name and size (" + size + " bytes, "
          + sst.size() + " expected): truncated or damaged");
    }
    metrics.bytesDownloaded.addAndGet(size);
  }

  /** The shared name of an SST file: its SHA-256 (first 128 bits), so equal files are stored once. */
  static String sharedName(byte[] digest) {
    return HexFormat.of().formatHex(digest, 0, 16) + ".sst";
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  private static String safeName(String name, String manifestPath) {
    if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
      throw new CorruptFileException(manifestPath, "lists an impossible file name '" + name + "'");
    }
    return name;
  }

  private List<String> missing(StoreListing listing, long version) {
    List<String> looked = new ArrayList<>();
    looked.add(layout.changelog(version).toString());
    looked.add(layout.snapshot(version).toString());
    long from = listing.snapshots().isEmpty() ? 0 : listing.snapshots().floor(version) == null ? 0
        : listing.snapshots().floor(version);
    for (long v = from + 1; v < version && looked.size() < 6; v++) {
      if (!listing.changelogs().contains(v)) {
        looked.add(layout.changelog(v).toString());
      }
    }
    return looked;
  }

  StateVersionNotFoundException notFound(long version, List<String> looked) {
    return new StateVersionNotFoundException(id, version, looked);
  }
}
