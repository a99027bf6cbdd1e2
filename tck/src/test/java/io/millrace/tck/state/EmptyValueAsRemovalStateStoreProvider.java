package io.millrace.tck.state;

import io.millrace.tck.state.ReferenceStateFile.Kind;
import java.util.NavigableMap;

/**
 * Broken on purpose (T22): its file reader takes a value of length 0 for a removal (a format
 * that marks tombstones by an empty value), so an empty value is there until the version is
 * reloaded from its file, and then gone.
 */
final class EmptyValueAsRemovalStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected NavigableMap<byte[], byte[]> decode(String path, byte[] bytes, Kind kind, long version) {
    NavigableMap<byte[], byte[]> entries = super.decode(path, bytes, kind, version);
    if (kind == Kind.SNAPSHOT) {
      entries.values().removeIf(v -> v != null && v.length == 0);
    } else {
      entries.replaceAll((k, v) -> v != null && v.length == 0 ? null : v);
    }
    return entries;
  }
}
