package io.millrace.tck.state;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.NavigableMap;

/**
 * Broken on purpose (T03): a store writes straight into the cached map of the version it
 * read, so other stores and readers of that version see its uncommitted writes. It undoes
 * them at commit and abort, so the committed versions and their files stay right, and every
 * other rule passes.
 */
final class LeakyStateStoreProvider extends ReferenceStateStoreProvider {

  @Override
  protected ReferenceStateStore newStore(long version, NavigableMap<byte[], byte[]> base) {
    return new LeakyStore(this, version, base);
  }

  private static final class LeakyStore extends ReferenceStateStore {
    private record Undo(byte[] key, byte[] oldValue) {}

    private final Deque<Undo> undo = new ArrayDeque<>();

    LeakyStore(ReferenceStateStoreProvider provider, long version, NavigableMap<byte[], byte[]> base) {
      super(provider, version, base);
    }

    @Override
    public void put(byte[] key, byte[] value) {
      super.put(key, value);
      leak(key, value);
    }

    @Override
    public void remove(byte[] key) {
      super.remove(key);
      leak(key, null);
    }

    private void leak(byte[] key, byte[] value) {
      synchronized (base) {
        undo.push(new Undo(key.clone(), base.get(key)));
        if (value == null) {
          base.remove(key);
        } else {
          base.put(key.clone(), value.clone());
        }
      }
    }

    @Override
    public long commit() {
      try {
        return super.commit();
      } finally {
        restore();
      }
    }

    @Override
    public void abort() {
      super.abort();
      restore();
    }

    private void restore() {
      synchronized (base) {
        while (!undo.isEmpty()) {
          Undo u = undo.pop();
          if (u.oldValue() == null) {
            base.remove(u.key());
          } else {
            base.put(u.key(), u.oldValue());
          }
        }
      }
    }
  }
}
