package io.millrace.tck.state;

import java.util.NavigableMap;

/**
 * Broken on purpose (T19): putIfAbsent returns the present value but writes the new one over
 * it, the mistake of a single-descent insert that forgets to stop at a key it finds.
 */
final class OverwritingStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base) {
      @Override
      public byte[] putIfAbsent(byte[] key, byte[] value) {
        byte[] current = get(key);
        put(key, value);
        return current;
      }
    };
  }
}
