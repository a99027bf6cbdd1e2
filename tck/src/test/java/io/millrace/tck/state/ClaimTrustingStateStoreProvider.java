package io.millrace.tck.state;

import java.util.NavigableMap;

/**
 * Broken on purpose (T26): a put told that its key is present writes only over a present value,
 * the mistake of a store that turns what it is told into an update-in-place of an entry it
 * expects to find, and writes nothing when the entry is not there.
 */
final class ClaimTrustingStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base) {
      @Override
      public void put(byte[] key, byte[] value, Presence before) {
        if (before == Presence.ABSENT || get(key) != null) {
          put(key, value);
        }
      }
    };
  }
}
