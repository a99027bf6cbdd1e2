package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Row;
import io.millrace.spi.state.StateStore;

/** A {@link ValueState} whose value expires (see {@link Ttl}); an expired value reads as absent until it is removed. */
final class TtlValueState implements ValueState {
  private final StateStore store;
  private final KeyScope scope;
  private final VariableCodec values;
  private final Ttl ttl;

  TtlValueState(StateStore store, KeyScope scope, VariableCodec values, Ttl ttl) {
    this.store = store;
    this.scope = scope;
    this.values = values;
    this.ttl = ttl;
  }

  private byte[] live() {
    byte[] bytes = store.get(scope.prefix());
    return bytes == null || ttl.expired(bytes) ? null : bytes;
  }

  @Override
  public Row get() {
    byte[] bytes = live();
    return bytes == null ? null : values.decode(TtlIndex.row(bytes));
  }

  @Override
  public void update(Row value) {
    byte[] key = scope.prefix();
    byte[] row = values.encode(value);
    store.put(key, ttl.write(key, row));
  }

  @Override
  public boolean exists() {
    return live() != null;
  }

  @Override
  public void clear() {
    store.remove(scope.prefix());
  }

  /** Removes the values the index says are due and still carry that expiration; returns how many. */
  static long expire(StateStore store, Ttl ttl) {
    long removed = 0;
    for (TtlIndex.Due d : ttl.index().due(ttl.now())) {
      byte[] bytes = store.get(d.entryKey());
      if (bytes != null && TtlIndex.expiresAt(bytes) == d.expiresMs()) {
        store.remove(d.entryKey());
        removed++;
      }
      ttl.index().remove(d);
    }
    return removed;
  }
}
