package io.millrace.runtime.state;

import io.millrace.api.state.ListState;
import io.millrace.api.state.MapState;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StatefulProcessorHandle;
import io.millrace.api.state.TTLConfig;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.ValueState;
import io.millrace.runtime.state.keyed.KeyedPartitionState;
import io.millrace.runtime.state.keyed.KeyedStateSpec;
import io.millrace.runtime.state.keyed.StateVariable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStore.Presence;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The handle a processor runs a partition's batch with: its state variables read and write the
 * partition's keyed state for the key being handled, through the codecs it declared them with;
 * its timers are in milliseconds, as Spark's, whatever unit the engine keeps them in.
 */
final class ProcessorHandle implements StatefulProcessorHandle {
  private final KeyedPartitionState state;
  private final KeyedStateSpec spec;
  private final TimeMode timeMode;
  /** Rows written and removed, for the progress's numRowsUpdated and numRowsRemoved. */
  long updated;
  long removed;

  ProcessorHandle(KeyedPartitionState state, KeyedStateSpec spec, TimeMode timeMode) {
    this.state = state;
    this.spec = spec;
    this.timeMode = timeMode;
  }

  @Override
  public <T> ValueState<T> getValueState(String name, StateCodec<T> codec) {
    declared(name, codec.schema(), null);
    io.millrace.runtime.state.keyed.ValueState rows = state.valueState(name);
    return new ValueState<>() {
      @Override
      public boolean exists() {
        return rows.exists();
      }

      @Override
      public T get() {
        Row row = rows.get();
        return row == null ? null : codec.decode(row);
      }

      @Override
      public void update(T value) {
        if (value == null) {
          throw new IllegalArgumentException("value state '" + name + "': null is not a value; use clear()");
        }
        rows.update(codec.encode(value));
        updated++;
      }

      @Override
      public void clear() {
        if (rows.exists()) {
          rows.clear();
          removed++;
        }
      }
    };
  }

  @Override
  public <T> ListState<T> getListState(String name, StateCodec<T> codec) {
    declared(name, codec.schema(), null);
    io.millrace.runtime.state.keyed.ListState rows = state.listState(name);
    return new ListState<>() {
      @Override
      public boolean exists() {
        return rows.exists();
      }

      @Override
      public Iterator<T> get() {
        return decoded(rows.get(), codec::decode);
      }

      @Override
      public void put(List<T> values) {
        // Spark 4.0.1 counts the new elements as updated and the replaced ones as nothing
        // (ListStateImpl.put, TTLState.writePrimaryIndexEntries); observed by TwsTtlProbe.
        rows.put(encoded(values, "put"));
        updated += values.size();
      }

      @Override
      public void appendValue(T value) {
        if (value == null) {
          throw new IllegalArgumentException("list state '" + name + "': null is not a value");
        }
        rows.append(codec.encode(value));
        updated++;
      }

      @Override
      public void appendList(List<T> values) {
        rows.appendAll(encoded(values, "appendList"));
        updated += values.size();
      }

      @Override
      public void clear() {
        removed += rows.size();
        rows.clear();
      }

      private List<Row> encoded(List<T> values, String call) {
        if (values == null || values.isEmpty()) {
          throw new IllegalArgumentException("list state '" + name + "': " + call + " needs at least one value (as in"
              + " Spark); use clear() to empty the list");
        }
        List<Row> out = new ArrayList<>(values.size());
        for (T v : values) {
          if (v == null) {
            throw new IllegalArgumentException("list state '" + name + "': " + call + " got a null value");
          }
          out.add(codec.encode(v));
        }
        return out;
      }
    };
  }

  @Override
  public <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec) {
    declared(name, valueCodec.schema(), keyCodec.schema());
    io.millrace.runtime.state.keyed.MapState rows = state.mapState(name);
    return new MapState<>() {
      @Override
      public boolean exists() {
        return rows.exists();
      }

      @Override
      public V getValue(K key) {
        Row v = rows.get(keyCodec.encode(key));
        return v == null ? null : valueCodec.decode(v);
      }

      @Override
      public boolean containsKey(K key) {
        return rows.contains(keyCodec.encode(key));
      }

      @Override
      public void updateValue(K key, V value) {
        if (key == null || value == null) {
          throw new IllegalArgumentException("map state '" + name + "': null keys and values are refused");
        }
        rows.put(keyCodec.encode(key), valueCodec.encode(value));
        updated++;
      }

      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        return decoded(rows.iterator(), e -> new AbstractMap.SimpleImmutableEntry<>(keyCodec.decode(e.getKey()),
            valueCodec.decode(e.getValue())));
      }

      @Override
      public Iterator<K> keys() {
        return decoded(rows.keys(), keyCodec::decode);
      }

      @Override
      public Iterator<V> values() {
        return decoded(rows.values(), valueCodec::decode);
      }

      @Override
      public void removeKey(K key) {
        Row k = keyCodec.encode(key);
        if (rows.contains(k)) {
          rows.remove(k);
          removed++;
        }
      }

      @Override
      public void clear() {
        List<Row> keys = new ArrayList<>();
        rows.keys().forEachRemaining(keys::add);
        rows.clear();
        removed += keys.size();
      }
    };
  }

  @Override
  public <T> ValueState<T> getValueState(String name, StateCodec<T> codec, TTLConfig ttl) {
    declaredTtl(name, ttl);
    return getValueState(name, codec);
  }

  @Override
  public <T> ListState<T> getListState(String name, StateCodec<T> codec, TTLConfig ttl) {
    declaredTtl(name, ttl);
    return getListState(name, codec);
  }

  @Override
  public <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec,
      TTLConfig ttl) {
    declaredTtl(name, ttl);
    return getMapState(name, keyCodec, valueCodec);
  }

  /** Already done when the query started (see KeyedStateBackend); here, as each batch's init calls it again, nothing. */
  @Override
  public void deleteIfExists(String name) {
    if (!spec.deletes().contains(name)) {
      throw new IllegalStateException("deleteIfExists('" + name + "') was not called when init() ran at start");
    }
  }

  /** Fails unless {@code name} was declared in init with this TTL (the keyed state applies it). */
  private void declaredTtl(String name, TTLConfig ttl) {
    spec.variable(name).ifPresent(v -> {
      long ms = ttl == null || ttl.isNone() ? 0 : Math.max(1, ttl.ttlDuration().toMillis());
      if (v.ttlMs() != ms) {
        throw new IllegalStateException("state variable '" + name + "' was declared in init() with a TTL of "
            + v.ttlMs() + " ms, but is asked for with " + ms + " ms");
      }
    });
  }

  /** {@code rows}, each turned into a value as it is read. */
  private static <R, T> Iterator<T> decoded(Iterator<R> rows, java.util.function.Function<R, T> decode) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public T next() {
        return decode.apply(rows.next());
      }
    };
  }

  /** Fails unless {@code name} was declared in init with these schemas. */
  private void declared(String name, Schema values, Schema mapKeys) {
    StateVariable v = spec.variable(name).orElseThrow(() -> new IllegalStateException("state variable '" + name
        + "' was not declared in init(); declared: " + spec.variables().stream().map(StateVariable::name).toList()));
    if (!v.valueSchema().equals(values) || mapKeys != null && !mapKeys.equals(v.mapKeySchema())) {
      throw new IllegalStateException("state variable '" + name + "' was declared in init() as " + v.describe()
          + ", but is asked for with codecs of " + values + (mapKeys == null ? "" : " keyed by " + mapKeys));
    }
  }

  @Override
  public void registerTimer(long expiryTimestampMs) {
    io.millrace.runtime.state.keyed.TimeMode mode = mode();
    state.timers().register(mode, toEngine(expiryTimestampMs));
  }

  @Override
  public void deleteTimer(long expiryTimestampMs) {
    io.millrace.runtime.state.keyed.TimeMode mode = mode();
    state.timers().delete(mode, toEngine(expiryTimestampMs));
  }

  /**
   * {@link #registerTimer} and {@link #deleteTimer} for a processor that knows whether the timer
   * is set, as one keeping a single timer per key does: the store need not look it up
   * ({@link io.millrace.runtime.state.keyed.TimerService#register(io.millrace.runtime.state.keyed.TimeMode, long,
   * Presence)}).
   */
  void registerTimer(long expiryTimestampMs, Presence before) {
    state.timers().register(mode(), toEngine(expiryTimestampMs), before);
  }

  void deleteTimer(long expiryTimestampMs, Presence before) {
    state.timers().delete(mode(), toEngine(expiryTimestampMs), before);
  }

  @Override
  public Iterator<Long> listTimers() {
    List<Long> ms = new ArrayList<>();
    io.millrace.runtime.state.keyed.TimeMode mode = mode();
    for (long t : state.timers().list(mode)) {
      ms.add(toMs(t));
    }
    return ms.iterator();
  }

  private io.millrace.runtime.state.keyed.TimeMode mode() {
    switch (timeMode) {
      case EVENT_TIME: return io.millrace.runtime.state.keyed.TimeMode.EVENT_TIME;
      case PROCESSING_TIME: return io.millrace.runtime.state.keyed.TimeMode.PROCESSING_TIME;
      default: throw new IllegalStateException("timers need a time mode: transformWithState(.., TimeMode.NONE, ..)"
          + " has none (as in Spark)");
    }
  }

  /** Event-time timers compare with the watermark, kept in microseconds; processing-time ones in milliseconds. */
  private long toEngine(long ms) {
    return timeMode == TimeMode.EVENT_TIME ? Math.multiplyExact(ms, 1000L) : ms;
  }

  long toMs(long engine) {
    return timeMode == TimeMode.EVENT_TIME ? Math.floorDiv(engine, 1000L) : engine;
  }
}
