package io.millrace.state.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

/**
 * One local RocksDB in its own working directory, holding one committed version at a time
 * ({@link #head()}) and moving only forward, one changelog per write batch. Readers of the head
 * get a {@link View} on a RocksDB snapshot, so later writes never disturb them; going back to an
 * older version means building another instance from the checkpoint.
 *
 * <p><b>Writing the next version.</b> One store at a time writes the version after the head
 * straight into the DB ({@link #beginWrite}), as Spark's RocksDB store does since 3.5: its
 * uncommitted writes live in RocksDB's memtables and SST files, bounded by the shared write
 * buffer budget, not on the Java heap. Its base view, a snapshot taken before its first write,
 * is what readers of the head share meanwhile; nothing rolls forward or snapshots the DB until
 * the write ends. A write given up leaves its changes in the DB, which is then retired.
 *
 * <p>The write-ahead log is off: the local DB is a cache of the checkpoint, rebuilt from it after
 * a crash, never reopened. The instance is closed when it is retired (no longer the provider's
 * current one) and the last view or iterator on it lets go.
 */
final class LocalDb {
  private static final System.Logger LOG = System.getLogger(LocalDb.class.getName());
  private static final int BUFFERED_CHANGES = 4096;
  /** The fewest deletions in the memtable that make a commit flush it ({@link #endWrite}). */
  static final long FLUSH_AT_DELETIONS = 1024;

  final Path dir;
  private final Options options;
  private final Statistics statistics;
  private final WriteOptions writeOptions = new WriteOptions().setDisableWAL(true);
  private final RocksDB db;
  /** Shared names of this DB's SST files, by local name: each is hashed (or was verified on download) once. */
  final Map<String, String> sharedNames = new ConcurrentHashMap<>();
  private final Set<AutoCloseable> openIterators = ConcurrentHashMap.newKeySet();
  private volatile long head;
  private volatile long numKeys;
  private int refs;
  /** The view a write under way started from; null when none is. */
  private View writeBase;
  /**
   * The write's changes not yet in the DB, in RocksDB's own indexed batch (native memory): a
   * few thousand puts go into the memtable in one write instead of one each, and point reads
   * see them through the index. Applied when it holds {@link #BUFFERED_CHANGES}, when the write
   * ends, and before an iterator of the live DB is made over a range holding one of its keys.
   */
  private WriteBatchWithIndex buffered;
  private int bufferedChanges;
  /**
   * The least and greatest key among the buffered changes (the callers' arrays, which the store
   * SPI lets a store keep: nobody changes them); null when there are none. An
   * operator walks its keys in order and reads each key's range before writing it, so the
   * changes buffered lie before the range read next: iterating it needs no write into the DB
   * first. Applying the batch for every key's walk had put it in the DB a few changes at a time,
   * a fifth of session_window's native samples on rocksdb.
   */
  private byte[] bufferedLeast;
  private byte[] bufferedGreatest;
  private final ReadOptions latestReads = new ReadOptions();
  private boolean retired;
  private boolean closed;

  private final SharedMemory memory;

  private LocalDb(Path dir, SharedMemory memory, Options options, Statistics statistics, RocksDB db, long head,
      long numKeys) {
    this.dir = dir;
    this.memory = memory;
    this.options = options;
    this.statistics = statistics;
    this.db = db;
    this.head = head;
    this.numKeys = numKeys;
  }

  /** Opens the DB in {@code dir} (empty, or a checkpoint already placed there) as version {@code head}. */
  static LocalDb open(Path dir, SharedMemory memory, long head, long numKeys) {
    Statistics statistics = new Statistics();
    Options options = new Options()
        .setCreateIfMissing(true)
        .setStatistics(statistics)
        .setWriteBufferManager(memory.writeBuffers)
        .setTableFormatConfig(memory.tableConfig())
        .setCompressionType(SharedMemory.compression())
        .setMaxOpenFiles(-1);
    try {
      Files.createDirectories(dir);
      LocalDb db = new LocalDb(dir, memory, options, statistics, RocksDB.open(options, dir.toString()), head, numKeys);
      memory.opened(db);
      return db;
    } catch (RocksDBException | IOException e) {
      statistics.close();
      options.close();
      throw new UncheckedIOException(new IOException("cannot open the local RocksDB in " + dir + ": " + e.getMessage(), e));
    }
  }

  long head() {
    return head;
  }

  long numKeys() {
    return numKeys;
  }

  RocksDB db() {
    return db;
  }

  Statistics statistics() {
    return statistics;
  }

  /** Writes {@code batch} as version {@code version} (which must be {@code head + 1}) holding {@code keys} keys. */
  synchronized void apply(WriteBatch batch, long version, long keys) throws RocksDBException {
    if (version != head + 1 || writeBase != null) {
      throw new IllegalStateException("local RocksDB in " + dir + " holds version " + head
          + (writeBase != null ? " and a write under way" : "") + "; cannot apply " + version);
    }
    db.write(writeOptions, batch);
    head = version;
    numKeys = keys;
  }

  /**
   * Starts the write of version {@code head + 1} into this DB and returns its base view, the
   * head; null if another write is under way. Called under the provider's lock.
   */
  synchronized View beginWrite() {
    if (writeBase != null) {
      return null;
    }
    writeBase = view();
    buffered = new WriteBatchWithIndex(true);
    bufferedChanges = 0;
    return writeBase;
  }

  synchronized boolean writing() {
    return writeBase != null;
  }

  /** A view of the head for a reader: while a write is under way, that write's base. */
  synchronized View readView() {
    if (writeBase == null) {
      return view();
    }
    writeBase.acquire();
    return writeBase;
  }

  /** The write under way puts {@code value} at {@code key}. */
  synchronized void put(byte[] key, byte[] value) throws RocksDBException {
    checkOpen();
    buffered.put(key, value);
    applyIfFull(key);
  }

  /** The write under way deletes {@code key}. */
  synchronized void delete(byte[] key) throws RocksDBException {
    checkOpen();
    buffered.delete(key);
    applyIfFull(key);
  }

  private void applyIfFull(byte[] key) throws RocksDBException {
    if (bufferedLeast == null || Bytes.ORDER.compare(key, bufferedLeast) < 0) {
      bufferedLeast = key;
    }
    if (bufferedGreatest == null || Bytes.ORDER.compare(key, bufferedGreatest) > 0) {
      bufferedGreatest = key;
    }
    if (++bufferedChanges >= BUFFERED_CHANGES) {
      applyBuffered();
    }
  }

  /** Whether a buffered change may lie in {@code [from, to)} (from the first key when from is null, to the last when to is). */
  private boolean bufferedWithin(byte[] from, byte[] to) {
    return bufferedLeast != null
        && (from == null || Bytes.ORDER.compare(bufferedGreatest, from) >= 0)
        && (to == null || Bytes.ORDER.compare(bufferedLeast, to) < 0);
  }

  /** Puts the write's buffered changes into the DB: a commit does, before its commit point. */
  synchronized void applyWrites() throws RocksDBException {
    checkOpen();
    applyBuffered();
  }

  private void applyBuffered() throws RocksDBException {
    if (bufferedChanges > 0) {
      db.write(writeOptions, buffered);
      buffered.clear();
      bufferedChanges = 0;
      bufferedLeast = null;
      bufferedGreatest = null;
    }
  }

  /** The value of {@code key} with every write made so far, the uncommitted included. */
  synchronized byte[] latest(byte[] key) throws RocksDBException {
    checkOpen();
    return buffered != null ? buffered.getFromBatchAndDB(db, latestReads, key) : db.get(key);
  }

  /**
   * A native iterator with {@code options}, to be read over {@code [from, to)} only (null: from
   * the first key, to the last): of the DB as it is now, uncommitted writes included, when
   * {@code latest} (then without a snapshot in them). The caller closes it.
   */
  synchronized RocksIterator newIterator(ReadOptions options, boolean latest, byte[] from, byte[] to)
      throws RocksDBException {
    checkOpen();
    if (latest && buffered != null && bufferedWithin(from, to)) {
      applyBuffered();
    }
    return db.newIterator(options);
  }

  /**
   * The write under way became {@code version}, holding {@code keys} keys. Returns whether it
   * started a flush of the memtable, which it does when the memtable holds as many deletions as
   * the DB holds keys: a range read steps over every deleted key and every value written over
   * that the memtable holds, and it holds them until a snapshot flushes it, several batches
   * later. A flush keeps only the latest entry of each key, and compaction then drops the
   * deletions. Operators whose state turns over (sessions closed, timers moved) read ranges
   * through such leftovers otherwise; stores that delete little are never flushed for it, nor
   * are small ones, whose walks are short anyway.
   */
  synchronized boolean endWrite(long version, long keys) throws RocksDBException {
    if (writeBase == null || version != head + 1) {
      throw new IllegalStateException("local RocksDB in " + dir + " holds version " + head + " and "
          + (writeBase == null ? "no write under way" : "a write of " + (head + 1)) + "; cannot end a write of " + version);
    }
    checkOpen();
    applyBuffered();
    dropBuffer();
    head = version;
    numKeys = keys;
    writeBase = null;
    return flushIfMostlyDeletions(keys);
  }

  /**
   * Starts a flush of the memtable in the background when it holds at least {@link
   * #FLUSH_AT_DELETIONS} deletions and as many as the DB holds keys; returns whether it did. Past
   * the commit point, so it only logs a failure: the version is committed whatever it does.
   */
  private boolean flushIfMostlyDeletions(long keys) {
    try {
      long deletions = db.getLongProperty("rocksdb.num-deletes-active-mem-table");
      if (deletions < Math.max(keys, FLUSH_AT_DELETIONS)) {
        return false;
      }
      // Neither waiting for the flush nor for a write stall to clear: this runs under the provider's lock.
      try (FlushOptions flush = new FlushOptions().setWaitForFlush(false).setAllowWriteStall(true)) {
        db.flush(flush);
      }
      return true;
    } catch (RocksDBException e) {
      LOG.log(System.Logger.Level.WARNING, "could not start a flush of the memtable of the local RocksDB in {0}: {1}",
          dir, e.toString());
      return false;
    }
  }

  /**
   * The write from {@code base} was given up; returns whether it was still under way. Its
   * changes stay in the DB, so the caller retires it if there were any.
   */
  synchronized boolean abandonWrite(View base) {
    if (writeBase != base) {
      return false;
    }
    dropBuffer();
    writeBase = null;
    return true;
  }

  private void dropBuffer() {
    bufferedLeast = null;
    bufferedGreatest = null;
    if (buffered != null) {
      buffered.close();
      buffered = null;
      bufferedChanges = 0;
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("local RocksDB in " + dir + " is closed");
    }
  }

  /** Flushes memtables so a checkpoint holds everything in SST files. */
  void flush() throws RocksDBException {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      db.flush(flush);
    }
  }

  /** A view of the head version; the caller releases it. Called under the provider's lock. */
  synchronized View view() {
    if (closed) {
      throw new IllegalStateException("local RocksDB in " + dir + " is closed");
    }
    refs++;
    return new View(this, head, numKeys);
  }

  synchronized void track(AutoCloseable iterator) {
    if (closed) {
      throw new IllegalStateException("local RocksDB in " + dir + " is closed");
    }
    openIterators.add(iterator);
  }

  void untrack(AutoCloseable iterator) {
    openIterators.remove(iterator);
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** A view let go; closes the instance if it is retired and nobody else holds it. */
  synchronized void unref() {
    refs--;
    if (retired && refs == 0) {
      close();
    }
  }

  /** No longer the provider's current instance: closes once the last view lets go. */
  synchronized void retire() {
    retired = true;
    if (refs == 0) {
      close();
    }
  }

  long property(String name) {
    synchronized (this) {
      if (closed) {
        return 0;
      }
    }
    try {
      return db.getLongProperty(name);
    } catch (RocksDBException e) {
      return 0;
    }
  }

  /** Closes iterators, the DB and its options now, and deletes the directory. */
  synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    memory.closed(this);
    for (AutoCloseable it : openIterators) {
      try {
        it.close();
      } catch (Exception e) {
        LOG.log(System.Logger.Level.DEBUG, "closing an iterator of {0}: {1}", dir, e);
      }
    }
    openIterators.clear();
    dropBuffer();
    db.close();
    latestReads.close();
    writeOptions.close();
    options.close();
    statistics.close();
    deleteRecursively(dir);
  }

  static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "could not delete the local RocksDB directory {0}: {1}", dir, e.toString());
    }
  }
}
