package io.millrace.tck.state;

import io.millrace.spi.state.KeyValue;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;

/**
 * Broken on purpose (T20): a range scan takes its end as inclusive, the mistake of a seek loop
 * that stops after the end key instead of at it. Its removeRange does not go through the
 * range scan, so only T20 sees the mistake.
 */
final class OverreachingStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new ReferenceStateStore(this, version, base) {
      @Override
      public Iterator<KeyValue> range(byte[] from, byte[] to) {
        List<KeyValue> out = new ArrayList<>();
        view().subMap(from, true, to, true).forEach((k, v) -> out.add(new KeyValue(k, v)));
        return out.iterator();
      }

      @Override
      public long removeRange(byte[] from, byte[] to) {
        if (java.util.Arrays.compareUnsigned(from, to) >= 0) {
          return 0;
        }
        List<byte[]> keys = new ArrayList<>(view().subMap(from, true, to, false).keySet());
        keys.forEach(this::remove);
        return keys.size();
      }
    };
  }
}
