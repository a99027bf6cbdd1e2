package io.millrace.tck.state;

import io.millrace.tck.state.ReferenceStateFile.Kind;
import java.util.Arrays;
import java.util.NavigableMap;

/**
 * Broken on purpose (T23): its file reader drops the zero bytes at the end of a value, as a
 * sparse encoding that never records a final run of zeros would, so a value of zero bytes only
 * comes back empty once the version is reloaded from its file.
 */
final class TrailingZerosDroppedStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected NavigableMap<byte[], byte[]> decode(String path, byte[] bytes, Kind kind, long version) {
    NavigableMap<byte[], byte[]> entries = super.decode(path, bytes, kind, version);
    entries.replaceAll((k, v) -> v == null ? null : trimZeros(v));
    return entries;
  }

  private static byte[] trimZeros(byte[] value) {
    int end = value.length;
    while (end > 0 && value[end - 1] == 0) {
      end--;
    }
    return Arrays.copyOf(value, end);
  }
}
