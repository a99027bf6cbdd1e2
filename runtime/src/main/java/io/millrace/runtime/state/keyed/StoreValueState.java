package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStore.Presence;

/** A {@link ValueState} whose store keeps the current key's row under its key prefix. */
final class StoreValueState implements ValueState {
  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;
  /**
   * The prefix (the very array the scope gave; a new key brings a new one) whose presence in the
   * store was last read or written here, and that presence: a processor that reads its value and
   * then updates it tells the store whether the key is there, which saves RocksDB a lookup. Only
   * this object writes the variable's store.
   */
  private byte[] known;
  private Presence presence;

  StoreValueState(StateStore store, KeyScope scope, VariableCodec values) {
    this.store = store;
    this.scope = scope;
    this.values = values;
  }

  @Override
  public Row get() {
    byte[] bytes = read();
    return bytes == null ? null : values.decode(bytes);
  }

  @Override
  public void update(Row value) {
    byte[] prefix = scope.prefix();
    byte[] encoded = values.encode(value);
    if (prefix == known) {
      store.put(prefix, encoded, presence);
    } else {
      store.put(prefix, encoded);
    }
    learned(prefix, Presence.PRESENT);
  }

  @Override
  public boolean exists() {
    return read() != null;
  }

  @Override
  public void clear() {
    byte[] prefix = scope.prefix();
    if (prefix != known) {
      store.remove(prefix);
    } else if (presence == Presence.PRESENT) {
      store.remove(prefix, Presence.PRESENT);
    }
    learned(prefix, Presence.ABSENT);
  }

  private byte[] read() {
    byte[] prefix = scope.prefix();
    byte[] bytes = store.get(prefix);
    learned(prefix, bytes == null ? Presence.ABSENT : Presence.PRESENT);
    return bytes;
  }

  private void learned(byte[] prefix, Presence now) {
    known = prefix;
    presence = now;
  }
}
