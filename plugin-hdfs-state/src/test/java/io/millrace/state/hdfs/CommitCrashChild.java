package io.millrace.state.hdfs;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.StateStore;
import io.millrace.tck.CrashAt;
import java.nio.file.Path;
import java.util.Map;

/**
 * The child JVM of {@link ChildJvmCommitCrashTest}. {@code crash <checkpoint>}: commits version 2
 * over version 1 and halts (exit 137) at {@link FaultPoint#INSIDE_STATE_COMMIT}, after the
 * delta is written and before it is published. {@code verify <checkpoint> <keys>}: a new start
 * that reads version 1 and exits 0 if it is whole.
 */
public final class CommitCrashChild {
  private CommitCrashChild() {}

  public static void main(String[] args) {
    Path checkpoint = Path.of(args[1]);
    if (args[0].equals("crash")) {
      HdfsStateStoreProvider provider = TestStores.provider(TestStores.id(checkpoint), Map.of(),
          CrashAt.haltAt(FaultPoint.INSIDE_STATE_COMMIT, 2));
      StateStore store = provider.getStore(1);
      for (int i = 0; i < 20_000; i++) {
        store.put(TestStores.bytes("k" + i), TestStores.bytes("second"));
      }
      store.commit();
      System.exit(3); // the halt did not happen
    }
    HdfsStateStoreProvider provider = TestStores.provider(TestStores.id(checkpoint), Map.of(), FaultInjector.NONE);
    long keys = provider.getReadStore(1).metrics().numKeys();
    boolean whole = keys == Long.parseLong(args[2]);
    for (int i = 0; whole && i < keys; i++) {
      whole = "first".equals(TestStores.text(provider.getReadStore(1).get(TestStores.bytes("k" + i))));
    }
    System.exit(whole ? 0 : 4);
  }
}
