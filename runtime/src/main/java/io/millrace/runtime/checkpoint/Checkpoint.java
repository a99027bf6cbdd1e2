package io.millrace.runtime.checkpoint;

import io.millrace.runtime.Locations;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.Storage;
import io.millrace.spi.storage.StorageLock;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A query's checkpoint directory, held exclusively while the query runs:
 * <pre>
 *   metadata      query id, stable across restarts
 *   lock          held by the running query (where the storage has locks)
 *   offsets/N     write-ahead record of batch N
 *   commits/N     batch N is done
 *   sources/i/    each source's own files
 * </pre>
 * Every file is checksummed and written create-if-absent; a file that fails its check is
 * reported by path and nothing is overwritten.
 */
public final class Checkpoint implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Checkpoint.class);
  /** Checkpoints open in this JVM, to name the holder when a second query asks. */
  private static final Map<URI, String> OPEN_IN_THIS_JVM = new ConcurrentHashMap<>();
  /** What a run of a query writes after {@code metadata}. */
  private static final List<String> RUN_DIRECTORIES = List.of("offsets/", "commits/", "sources/", "state/");

  private final URI root;
  private final Storage storage;
  private final String queryId;
  private final BatchLog offsets;
  private final BatchLog commits;
  private final StorageLock lock;

  private Checkpoint(URI root, Storage storage, String queryId, StorageLock lock) {
    this.root = root;
    this.storage = storage;
    this.queryId = queryId;
    this.lock = lock;
    this.offsets = new BatchLog(storage, root.resolve("offsets/"));
    this.commits = new BatchLog(storage, root.resolve("commits/"));
  }

  /**
   * Opens (creating if new) the checkpoint at {@code root} for the run {@code runId}.
   *
   * @throws CheckpointInUseException if another running query holds it
   */
  public static Checkpoint open(URI root, Storage storage, String runId) throws IOException {
    URI dir = normalize(Locations.asDirectory(root));
    if (!storage.capabilities().atomicCreateIfAbsent()) {
      LOG.warn("Storage of {} cannot create files atomically: two queries writing this checkpoint at once "
          + "would not be caught", dir);
    }
    String holder = OPEN_IN_THIS_JVM.putIfAbsent(dir, runId);
    if (holder != null) {
      throw new CheckpointInUseException("checkpoint " + dir + " is in use by running query run " + holder
          + " in this process; stop it first or give this query its own checkpointLocation");
    }
    StorageLock lock = null;
    try {
      storage.mkdirs(dir);
      lock = lock(dir, storage);
      deleteAbandonedWrites(dir, storage);
      String queryId = readOrCreateQueryId(dir, storage);
      return new Checkpoint(dir, storage, queryId, lock);
    } catch (IOException | RuntimeException e) {
      OPEN_IN_THIS_JVM.remove(dir);
      if (lock != null) {
        lock.close();
      }
      throw e;
    }
  }

  /**
   * A process killed while writing a log entry leaves its temporary file behind; with the lock
   * held no other writer can be active here, so they can go.
   */
  private static void deleteAbandonedWrites(URI dir, Storage storage) throws IOException {
    int deleted = 0;
    for (String sub : new String[] {"", "offsets/", "commits/"}) {
      deleted += storage.deleteAbandonedWrites(dir.resolve(sub));
    }
    if (deleted > 0) {
      LOG.info("Deleted {} temporary file(s) of unfinished writes in checkpoint {}", deleted, dir);
    }
  }

  private static StorageLock lock(URI dir, Storage storage) throws IOException {
    if (!storage.capabilities().locks()) {
      LOG.warn("Storage of {} has no locks: a second query on this checkpoint in another process is caught "
          + "only when both write the same offsets file", dir);
      return null;
    }
    URI lockPath = dir.resolve("lock");
    return storage.tryLock(lockPath).orElseThrow(() -> new CheckpointInUseException(
        "checkpoint " + dir + " is in use by another running query (" + lockPath
            + " is locked by another process or session); stop it first or give this query its own checkpointLocation"));
  }

  private static String readOrCreateQueryId(URI dir, Storage storage) throws IOException {
    URI path = dir.resolve("metadata");
    try {
      return CheckpointFormat.parseMetadata(path.toString(), ChecksummedText.open(path.toString(), storage.readAll(path)));
    } catch (NoSuchFileException e) {
      refuseIfAQueryRanHere(dir, storage, path);
      String id = UUID.randomUUID().toString();
      if (!storage.createIfAbsent(path, ChecksummedText.seal(CheckpointFormat.metadata(id)))) {
        throw new MillraceException("checkpoint metadata " + path + " appeared while this query created it");
      }
      return id;
    }
  }

  /**
   * {@code metadata} is written before anything else, so a checkpoint that has a log entry, a
   * source's file or state but no {@code metadata} lost it. A new query id would not do: a sink
   * that keys its writes on the query id would take a replayed batch for a new one.
   */
  private static void refuseIfAQueryRanHere(URI dir, Storage storage, URI metadata) throws IOException {
    for (String written : RUN_DIRECTORIES) {
      Optional<URI> file = StorageTree.anyFile(storage, dir.resolve(written));
      if (file.isPresent()) {
        throw new MillraceException("checkpoint " + dir + " is damaged: its metadata file " + metadata
            + ", which holds the query id, is missing, but a query has run on it (" + file.get() + " exists). "
            + "A new query id would let a sink that keys its writes on the query id write a replayed batch again; "
            + "restore " + metadata + " from a backup, or give the query a new checkpointLocation");
      }
    }
  }

  /** One spelling per location ({@code file:/x/} and {@code file:///x/} are the same directory). */
  private static URI normalize(URI dir) {
    URI n = dir.normalize();
    if (n.getAuthority() == null || n.getAuthority().isEmpty()) {
      return URI.create(n.getScheme() + ":" + n.getRawPath());
    }
    return n;
  }

  public URI root() {
    return root;
  }

  public Storage storage() {
    return storage;
  }

  public String queryId() {
    return queryId;
  }

  /** The directory that belongs to source {@code index}. */
  public URI sourceDir(int index) {
    return root.resolve("sources/" + index + "/");
  }

  public OptionalLong latestOffsetsId() throws IOException {
    return offsets.latestId();
  }

  public OptionalLong latestCommitId() throws IOException {
    return commits.latestId();
  }

  /** The batch ids that have an {@code offsets/} entry, ascending. */
  public NavigableSet<Long> offsetsIds() throws IOException {
    return offsets.ids();
  }

  /** The batch ids that have a {@code commits/} entry, ascending. */
  public NavigableSet<Long> commitIds() throws IOException {
    return commits.ids();
  }

  public Optional<OffsetSeq> offsets(long batchId) throws IOException {
    String path = offsets.pathOf(batchId).toString();
    return offsets.get(batchId).map(text -> CheckpointFormat.parseOffsets(path, text));
  }

  public Optional<CommitEntry> commit(long batchId) throws IOException {
    String path = commits.pathOf(batchId).toString();
    return commits.get(batchId).map(text -> CheckpointFormat.parseCommit(path, text));
  }

  /**
   * Writes {@code offsets/N}.
   *
   * @throws CheckpointInUseException if the entry exists: another query wrote it
   */
  public void writeOffsets(long batchId, OffsetSeq seq) throws IOException {
    if (!offsets.add(batchId, CheckpointFormat.offsets(seq))) {
      throw new CheckpointInUseException(offsets.pathOf(batchId)
          + " already exists: another query is writing to checkpoint " + root);
    }
  }

  /**
   * Writes {@code commits/N}.
   *
   * @throws CheckpointInUseException if the entry exists: another query wrote it
   */
  public void writeCommit(long batchId, CommitEntry entry) throws IOException {
    if (!commits.add(batchId, CheckpointFormat.commit(entry))) {
      throw new CheckpointInUseException(commits.pathOf(batchId)
          + " already exists: another query is writing to checkpoint " + root);
    }
  }

  public URI offsetsPath(long batchId) {
    return offsets.pathOf(batchId);
  }

  public URI commitPath(long batchId) {
    return commits.pathOf(batchId);
  }

  /**
   * Deletes log entries below {@code firstRetained}; returns how many files went. The
   * {@code offsets/} entries go first, each log in ascending order, so that whatever point a
   * crash stops it at, every retained {@code offsets/K} below the latest still has its
   * {@code commits/K}: {@link #offsetsIds() the retained offsets} are a run of consecutive ids,
   * and a commit missing among them is damage, never purged history. {@code between} runs
   * after the offsets and before the commits (a test's crash point).
   */
  public int purgeBefore(long firstRetained, Runnable between) throws IOException {
    int deleted = offsets.purgeBefore(firstRetained);
    between.run();
    return deleted + commits.purgeBefore(firstRetained);
  }

  /** Releases the checkpoint for other queries. */
  @Override
  public void close() throws IOException {
    try {
      if (lock != null) {
        lock.close();
      }
    } finally {
      OPEN_IN_THIS_JVM.remove(root);
    }
  }
}
