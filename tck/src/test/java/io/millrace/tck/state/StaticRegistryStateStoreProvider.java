package io.millrace.tck.state;

import io.millrace.spi.state.StateVersionNotFoundException;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Broken on purpose (T24): it writes every version's file like the reference, but trusts a
 * JVM-wide registry of committed versions (a static field) to say which versions exist, as if a
 * restart always happened in the same JVM. Every fresh provider in this JVM finds every version;
 * a new process finds none of them.
 */
final class StaticRegistryStateStoreProvider extends ReferenceStateStoreProvider {
  private static final Set<String> COMMITTED = ConcurrentHashMap.newKeySet();

  private String key(long version) {
    return id().storePath() + "@" + version;
  }

  @Override
  synchronized long commit(long version, NavigableMap<byte[], byte[]> base, NavigableMap<byte[], byte[]> changes) {
    long next = super.commit(version, base, changes);
    COMMITTED.add(key(next));
    return next;
  }

  @Override
  protected synchronized NavigableMap<byte[], byte[]> load(long version) {
    if (version > 0 && !COMMITTED.contains(key(version))) {
      throw new StateVersionNotFoundException(id(), version, List.of("(the registry of committed versions in this JVM)"));
    }
    return super.load(version);
  }
}
