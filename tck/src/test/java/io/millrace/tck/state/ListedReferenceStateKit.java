package io.millrace.tck.state;

import io.millrace.spi.state.StateStoreProviderFactory;
import java.util.Map;
import java.util.Optional;

/**
 * The reference state store's kit as a jar lists it for the runner: public, with a no-argument
 * constructor, in {@code META-INF/services/io.millrace.tck.state.StateStoreKit}. It counts the
 * kits made and closed in system properties ({@link #MADE}, {@link #CLOSED}), which the runner's
 * test reads across class loaders. {@link SnapshotEveryVersion} is a second kit for the same
 * store.
 */
public class ListedReferenceStateKit implements StateStoreKit {
  public static final String MADE = "millrace.tck.test.stateKitsMade";
  public static final String CLOSED = "millrace.tck.test.stateKitsClosed";

  private final ReferenceKit kit = new ReferenceKit(new ReferenceStateStoreFactory());

  public ListedReferenceStateKit() {
    count(MADE);
  }

  private static void count(String property) {
    synchronized (System.class) {
      System.setProperty(property, Long.toString(Long.getLong(property, 0) + 1));
    }
  }

  @Override
  public StateStoreProviderFactory factory() {
    return kit.factory();
  }

  @Override
  public Optional<Map<String, String>> snapshotEveryVersion() {
    return kit.snapshotEveryVersion();
  }

  @Override
  public Optional<Map<String, String>> deltasOnly() {
    return kit.deltasOnly();
  }

  @Override
  public Optional<Map<String, String>> retainVersions(int n) {
    return kit.retainVersions(n);
  }

  @Override
  public Optional<Map<String, String>> noCache() {
    return kit.noCache();
  }

  @Override
  public void close() {
    count(CLOSED);
  }

  /** The same store writing a snapshot at every version unless a rule says otherwise. */
  public static final class SnapshotEveryVersion extends ListedReferenceStateKit {
    @Override
    public Map<String, String> baseOptions() {
      return Map.of(ReferenceStateStoreProvider.SNAPSHOT_INTERVAL, "1");
    }
  }
}
