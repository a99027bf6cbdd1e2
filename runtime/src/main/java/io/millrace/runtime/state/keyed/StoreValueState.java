package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore;

/** A {@link ValueState} whose store keeps the current key's row under its key prefix. */
final class StoreValueState implements ValueState {
  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;

  StoreValueState(StateStore store, KeyScope scope, VariableCodec values) {
    this.store = store;
    this.scope = scope;
    this.values = values;
  }

  @Override
  public Row get() {
    byte[] bytes = store.get(scope.prefix());
    return bytes == null ? null : values.decode(bytes);
  }

  @Override
  public void update(Row value) {
    store.put(scope.prefix(), values.encode(value));
  }

  @Override
  public boolean exists() {
    return store.get(scope.prefix()) != null;
  }

  @Override
  public void clear() {
    store.remove(scope.prefix());
  }
}
