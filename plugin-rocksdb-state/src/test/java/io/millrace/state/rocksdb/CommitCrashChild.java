package io.millrace.state.rocksdb;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import io.millrace.tck.CrashAt;
import java.nio.file.Path;
import java.util.Map;

/**
 * The child JVM of {@link ChildJvmCommitCrashTest}, with its own local directory.
 * {@code crash <checkpoint> <localDir>}: commits version 2 over version 1 and halts (exit 137)
 * at {@link FaultPoint#INSIDE_STATE_COMMIT}, after the changelog is written and before it is
 * published. {@code verify <checkpoint> <localDir> <keys>}: a new start that reads version 1 and
 * exits 0 if it is whole.
 */
public final class CommitCrashChild {
  private CommitCrashChild() {}

  public static void main(String[] args) {
    Path checkpoint = Path.of(args[1]);
    Map<String, String> options = Map.of(RocksDbStateOptions.LOCAL_DIR, args[2]);
    if (args[0].equals("crash")) {
      RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, options,
          CrashAt.haltAt(FaultPoint.INSIDE_STATE_COMMIT, 2));
      StateStore store = provider.getStore(1);
      for (int i = 0; i < 20_000; i++) {
        store.put(TestStores.bytes("k" + i), TestStores.bytes("second"));
      }
      store.commit();
      System.exit(3); // the halt did not happen
    }
    RocksDbStateStoreProvider provider = TestStores.provider(checkpoint, options, FaultInjector.NONE);
    try (ReadStateStore version1 = provider.getReadStore(1)) {
      long keys = version1.metrics().numKeys();
      boolean whole = keys == Long.parseLong(args[3]);
      for (int i = 0; whole && i < keys; i++) {
        whole = "first".equals(TestStores.text(version1.get(TestStores.bytes("k" + i))));
      }
      System.exit(whole ? 0 : 4);
    }
  }
}
