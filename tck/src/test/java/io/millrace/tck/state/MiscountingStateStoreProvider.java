package io.millrace.tck.state;

import io.millrace.spi.state.StateStoreMetrics;
import java.util.NavigableMap;

/**
 * Broken on purpose (T12): a store's numKeys is the base version's count plus one per put and
 * minus one per remove of a present key, so an overwrite counts as a new key.
 */
final class MiscountingStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base) {
      private long count = base.size();

      @Override
      public void put(byte[] key, byte[] value) {
        super.put(key, value);
        count++;
      }

      @Override
      public void remove(byte[] key) {
        if (get(key) != null) {
          count--;
        }
        super.remove(key);
      }

      @Override
      public StateStoreMetrics metrics() {
        StateStoreMetrics right = super.metrics();
        return new StateStoreMetrics(count, right.memoryUsedBytes(), right.customMetrics());
      }
    };
  }
}
