package io.millrace.state.rocksdb;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.CompressionType;
import org.rocksdb.LRUCache;
import org.rocksdb.WriteBufferManager;

/**
 * The memory budget every RocksDB store of the process shares: one LRU block cache of
 * {@code maxMemoryMB} and a write-buffer manager that charges memtables to that same cache
 * (half of it at most), so the total of blocks, index and filter blocks and memtables stays
 * near the budget however many partitions run. The cache is not strict: a read that needs more
 * than the budget gets it rather than failing the batch, as Spark's bounded mode would.
 *
 * <p>Built by the first provider of the process; later providers asking for another size are
 * told (logged) and share the first one, since native caches cannot be resized safely here.
 */
final class SharedMemory {
  private static final System.Logger LOG = System.getLogger(SharedMemory.class.getName());
  private static SharedMemory instance;

  final long budgetBytes;
  /** Every open local DB of the process, to split the shared cache among them. */
  private final java.util.Set<LocalDb> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
  final Cache cache;
  final WriteBufferManager writeBuffers;
  private final BloomFilter filter = new BloomFilter(10);

  private SharedMemory(long maxMemoryMB) {
    this.budgetBytes = maxMemoryMB << 20;
    // High-priority pool (10%) keeps index and filter blocks cached ahead of data blocks.
    this.cache = new LRUCache(budgetBytes, -1, false, 0.1);
    this.writeBuffers = new WriteBufferManager(budgetBytes / 2, cache);
  }

  /**
   * The process-wide budget, built on first use with {@code maxMemoryMB}, after loading RocksDB's
   * library into this process's directory under {@code localDir} ({@link NativeLibrary}). The
   * plugin's first use of RocksDB: no RocksJava class may initialise before it, or the library
   * is copied to {@code java.io.tmpdir} after all.
   */
  static synchronized SharedMemory get(long maxMemoryMB, java.nio.file.Path localDir) {
    if (instance == null) {
      NativeLibrary.load(localDir);
      instance = new SharedMemory(maxMemoryMB);
      LOG.log(System.Logger.Level.INFO, "RocksDB state stores share a {0} MB block cache and write-buffer budget", maxMemoryMB);
    } else if (instance.budgetBytes != maxMemoryMB << 20) {
      LOG.log(System.Logger.Level.WARNING, "{0}={1} ignored: the RocksDB stores of this process already share a {2} MB budget",
          RocksDbStateOptions.MAX_MEMORY_MB, maxMemoryMB, instance.budgetBytes >> 20);
    }
    return instance;
  }

  /** The table format every store uses: blocks, index and filters in the shared cache. */
  BlockBasedTableConfig tableConfig() {
    return new BlockBasedTableConfig()
        .setBlockCache(cache)
        .setCacheIndexAndFilterBlocks(true)
        .setCacheIndexAndFilterBlocksWithHighPriority(true)
        .setPinL0FilterAndIndexBlocksInCache(true)
        .setFilterPolicy(filter);
  }

  void opened(LocalDb db) {
    live.add(db);
  }

  void closed(LocalDb db) {
    live.remove(db);
  }

  /**
   * {@code db}'s share of the block cache: the cache's usage, less what the write-buffer
   * manager reserves in it for memtables (counted per DB already), split among the open DBs
   * in proportion to their SST bytes, the data the cache holds blocks of. The shares of all
   * stores add up to the cache's usage, so summing {@code memoryUsedBytes} over partitions
   * does not count the shared cache once per partition.
   */
  long blockCacheShare(LocalDb db) {
    long memtables = 0;
    long totalSst = 0;
    for (LocalDb other : live) {
      memtables += other.property("rocksdb.cur-size-all-mem-tables");
      totalSst += other.property("rocksdb.total-sst-files-size");
    }
    long blocks = Math.max(0, cache.getUsage() - memtables);
    long own = db.property("rocksdb.total-sst-files-size");
    return totalSst == 0 ? 0 : (long) ((double) blocks * own / totalSst);
  }

  static CompressionType compression() {
    return CompressionType.LZ4_COMPRESSION;
  }
}
