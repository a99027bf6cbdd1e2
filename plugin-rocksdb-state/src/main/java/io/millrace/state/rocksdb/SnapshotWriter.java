package io.millrace.state.rocksdb;

import io.millrace.spi.MillraceException;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.storage.AtomicOutputStream;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.rocksdb.Checkpoint;
import org.rocksdb.RocksDBException;

/**
 * Uploads a snapshot of a {@link LocalDb}'s head: flush, a RocksDB {@code Checkpoint} (hard
 * links) in the working directory, each SST the checkpoint store does not already hold uploaded
 * once under its content name in {@code sst/}, and then {@code <v>.snapshot} listing them, the
 * commit point. A crash before the manifest leaves only unreferenced SSTs, which retention
 * deletes; a manifest that is already there is left as it is.
 *
 * <p>The fault point is reported after each SST upload and once more before the manifest is
 * published, so a test can crash with part of a snapshot's SSTs uploaded (the n-th report) as
 * well as with all of them (the last).
 */
final class SnapshotWriter {

  private final Storage storage;
  private final CheckpointLayout layout;
  private final FaultInjector faults;
  private final ProviderMetrics metrics;
  private final Path workDir;
  private final AtomicLong checkpoints = new AtomicLong();

  SnapshotWriter(Storage storage, CheckpointLayout layout, FaultInjector faults, ProviderMetrics metrics, Path workDir) {
    this.storage = storage;
    this.layout = layout;
    this.faults = faults;
    this.metrics = metrics;
    this.workDir = workDir;
  }

  /** A local checkpoint of one version, hard links in the working directory, ready to upload. */
  record Prepared(LocalDb db, Path dir, long version, long numKeys) {
    void discard() {
      LocalDb.deleteRecursively(dir);
    }
  }

  /**
   * Snapshots {@code db}'s head version, reporting {@code point} after each SST uploaded and
   * before publishing the manifest.
   *
   * @return the version snapshotted, or -1 if its manifest was already there, the DB is closed,
   *     or a write is under way (see {@link #prepare})
   */
  long write(LocalDb db, FaultPoint point) throws IOException {
    Prepared prepared = prepare(db);
    return prepared == null ? -1 : upload(prepared, point);
  }

  /**
   * Flushes {@code db} and takes a local checkpoint of its head; null if it is closed or a
   * write is under way, whose uncommitted changes are in the DB and must not be in a snapshot.
   */
  Prepared prepare(LocalDb db) throws IOException {
    Path dir = workDir.resolve("checkpoint-" + checkpoints.incrementAndGet());
    LocalDb.deleteRecursively(dir);
    try {
      synchronized (db) { // writes begin and end under this lock: the checkpoint is exactly the head version
        if (db.isClosed() || db.writing()) {
          return null;
        }
        long started = System.nanoTime();
        db.flush();
        long flushed = System.nanoTime();
        try (Checkpoint checkpoint = Checkpoint.create(db.db())) {
          checkpoint.createCheckpoint(dir.toString());
        }
        metrics.snapshotFlushMs.addAndGet((flushed - started) / 1_000_000);
        metrics.snapshotCheckpointMs.addAndGet((System.nanoTime() - flushed) / 1_000_000);
        return new Prepared(db, dir, db.head(), db.numKeys());
      }
    } catch (RocksDBException e) {
      LocalDb.deleteRecursively(dir);
      throw new MillraceException("cannot checkpoint the local RocksDB in " + db.dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Uploads {@code prepared}'s SSTs the store does not hold and publishes its manifest, reporting
   * {@code point} as {@link #write} does; the local checkpoint is deleted in any case.
   *
   * @return the version snapshotted, or -1 if its manifest was already there
   */
  long upload(Prepared prepared, FaultPoint point) throws IOException {
    LocalDb db = prepared.db(); // whose SSTs' shared names it knows
    Path dir = prepared.dir();
    long version = prepared.version();
    long numKeys = prepared.numKeys();
    try {
      if (storage.status(layout.snapshot(version)).isPresent()) {
        return -1;
      }
      long started = System.nanoTime();
      SnapshotManifest manifest = uploadFiles(db, dir, version, numKeys, point);
      try (AtomicOutputStream out = storage.create(layout.snapshot(version))) {
        out.write(manifest.encode());
        faults.reached(point, version);
        try {
          out.commit();
        } catch (FileAlreadyExistsException e) {
          return -1;
        }
      }
      metrics.snapshotUploadMs.addAndGet((System.nanoTime() - started) / 1_000_000);
      metrics.snapshots.incrementAndGet();
      return version;
    } finally {
      LocalDb.deleteRecursively(dir);
    }
  }

  private SnapshotManifest uploadFiles(LocalDb db, Path dir, long version, long numKeys, FaultPoint point)
      throws IOException {
    Set<String> stored = new HashSet<>();
    for (FileInfo f : storage.list(layout.sstDir())) {
      stored.add(f.name());
    }
    List<SnapshotManifest.Sst> ssts = new ArrayList<>();
    Map<String, byte[]> inline = new LinkedHashMap<>();
    List<Path> files;
    try (Stream<Path> listed = Files.list(dir)) {
      files = listed.sorted().toList();
    }
    for (Path file : files) {
      String local = file.getFileName().toString();
      if (!local.endsWith(".sst")) {
        inline.put(local, Files.readAllBytes(file));
        continue;
      }
      long size = Files.size(file);
      String shared = db.sharedNames.get(local);
      if (shared == null) {
        shared = hash(file);
        db.sharedNames.put(local, shared);
      }
      if (stored.contains(shared)) {
        metrics.sstFilesReused.incrementAndGet();
      } else {
        uploadSst(file, shared, size);
        stored.add(shared);
        faults.reached(point, version);
      }
      ssts.add(new SnapshotManifest.Sst(local, shared, size));
    }
    return new SnapshotManifest(version, numKeys, ssts, inline);
  }

  private void uploadSst(Path file, String shared, long size) throws IOException {
    try (AtomicOutputStream out = storage.create(layout.sst(shared))) {
      Files.copy(file, out);
      try {
        out.commit();
      } catch (FileAlreadyExistsException e) {
        return; // the same content, uploaded by an earlier attempt
      }
    }
    metrics.sstFilesUploaded.incrementAndGet();
    metrics.sstBytesUploaded.addAndGet(size);
  }

  private static String hash(Path file) throws IOException {
    MessageDigest sha = VersionLoader.sha256();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return VersionLoader.sharedName(sha.digest());
  }
}
