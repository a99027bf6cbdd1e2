package io.millrace.state.rocksdb;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.StateStore;
import io.millrace.tck.CrashAt;
import java.nio.file.Path;
import java.util.Map;

/**
 * The child JVM of {@link ChildJvmSnapshotUploadCrashTest}.
 *
 * <p>{@code crash <checkpoint> <localDir>}: commits versions 1 to {@link SnapshotCrashData#VERSIONS}
 * (changelogs only), then runs maintenance, which snapshots the last version, and halts (exit
 * 137) at the first {@link FaultPoint#DURING_MAINTENANCE} report: right after the first SST
 * of the snapshot is uploaded, before the others and before the manifest.
 *
 * <p>{@code verify <checkpoint> <localDir>}: a new start that opens {@code getStore} on the last
 * version and prints {@code keys=<n> digest=<sha-256 of every key and value>}, then aborts.
 */
public final class SnapshotUploadCrashChild {
  private SnapshotUploadCrashChild() {}

  public static void main(String[] args) throws Exception {
    Path checkpoint = Path.of(args[1]);
    Map<String, String> options = Map.of(RocksDbStateOptions.LOCAL_DIR, args[2],
        RocksDbStateOptions.MAX_MEMORY_MB, SnapshotCrashData.MAX_MEMORY_MB,
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1");
    if (args[0].equals("crash")) {
      RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, options,
          CrashAt.haltAt(FaultPoint.DURING_MAINTENANCE, SnapshotCrashData.VERSIONS));
      for (int v = 1; v <= SnapshotCrashData.VERSIONS; v++) {
        StateStore store = provider.getStore(v - 1);
        SnapshotCrashData.write(store, v);
        store.commit();
      }
      provider.doMaintenance();
      System.exit(3); // the halt did not happen
    }
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, options, FaultInjector.NONE);
    StateStore last = provider.getStore(SnapshotCrashData.VERSIONS);
    System.out.println("keys=" + last.metrics().numKeys() + " digest=" + SnapshotCrashData.digest(last.iterator()));
    last.abort();
    provider.close();
    System.exit(0);
  }
}
