package io.millrace.state.rocksdb;

import io.millrace.spi.state.KeyValue;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;

/**
 * A committed version seen through a store's uncommitted changes: {@code base} (sorted) merged
 * with {@code overlay} (a copy of the changes, sorted, a null value being a delete), overlay
 * winning on equal keys.
 */
final class MergedIterator implements Iterator<KeyValue> {
  private final Iterator<KeyValue> base;
  private final Iterator<Map.Entry<byte[], byte[]>> overlay;
  private KeyValue baseHead;
  private Map.Entry<byte[], byte[]> overlayHead;
  private KeyValue next;

  MergedIterator(Iterator<KeyValue> base, NavigableMap<byte[], byte[]> overlay) {
    this.base = base;
    this.overlay = overlay.entrySet().iterator();
    this.baseHead = base.hasNext() ? base.next() : null;
    this.overlayHead = this.overlay.hasNext() ? this.overlay.next() : null;
    advance();
  }

  private void advance() {
    next = null;
    while (next == null && (baseHead != null || overlayHead != null)) {
      int order = baseHead == null ? 1 : overlayHead == null ? -1 : Bytes.ORDER.compare(baseHead.key(), overlayHead.getKey());
      if (order < 0) {
        next = baseHead;
        baseHead = base.hasNext() ? base.next() : null;
      } else {
        if (overlayHead.getValue() != null) {
          next = new KeyValue(overlayHead.getKey(), overlayHead.getValue());
        }
        if (order == 0) {
          baseHead = base.hasNext() ? base.next() : null;
        }
        overlayHead = overlay.hasNext() ? overlay.next() : null;
      }
    }
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public KeyValue next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    KeyValue out = next;
    advance();
    return out;
  }
}
