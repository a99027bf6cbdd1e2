package io.millrace.spi.state;

import io.millrace.spi.PluginContext;
import io.millrace.spi.data.Schema;

/**
 * Keeps the versions of one store (one {@link StateStoreId}) and hands out stores that read
 * and write them, in the style of Spark's {@code StateStoreProvider}.
 *
 * <p>The versioning contract (checked by the TCK, every check read back through a fresh
 * provider):
 * <ul>
 *   <li>Version 0 is the empty store. {@code getStore(v).commit()} makes version {@code v+1}
 *       atomically and durably and leaves {@code v} unchanged.</li>
 *   <li>Uncommitted writes are visible only to the store that made them; {@code abort()}
 *       leaves nothing behind.</li>
 *   <li>Committing version {@code v+1} again (a retried batch) replaces it with the same data.</li>
 *   <li>Asking for a version that was never committed or is no longer retained fails with
 *       {@link StateVersionNotFoundException} naming the version and the files looked for.</li>
 *   <li>A crash in the middle of a commit leaves the whole new version or none of it; a
 *       corrupted file fails with {@link io.millrace.spi.CorruptFileException}, never wrong data.</li>
 * </ul>
 */
public interface StateStoreProvider extends AutoCloseable {

  /**
   * Prepares the provider for one store. Keys and values are opaque bytes that the runtime
   * encodes; the schemas are for checks and metrics. {@code context.options()} holds the
   * session's {@code millrace.state.*} settings.
   */
  void init(StateStoreId id, Schema keySchema, Schema valueSchema, PluginContext context);

  /** A store that reads version {@code version} and commits {@code version + 1}. */
  StateStore getStore(long version);

  /** A read-only view of version {@code version}. */
  ReadStateStore getReadStore(long version);

  /**
   * Background housekeeping: snapshots and deletion of files no retained version needs. A
   * failure here must not affect other stores; it is reported by throwing.
   */
  default void doMaintenance() throws java.io.IOException {}

  /** Releases memory and files held for this store; committed versions stay. */
  @Override
  void close();
}
