package io.millrace.tck.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;

/**
 * Broken on purpose (T21): removeRange takes its start as exclusive, so a key equal to the
 * start survives; its range scans are right, so only the removal is wrong.
 */
final class StartSkippingStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base) {
      @Override
      public long removeRange(byte[] from, byte[] to) {
        List<byte[]> keys = new ArrayList<>();
        range(from, to).forEachRemaining(kv -> keys.add(kv.key()));
        keys.removeIf(k -> Arrays.equals(k, from));
        keys.forEach(this::remove);
        return keys.size();
      }
    };
  }
}
