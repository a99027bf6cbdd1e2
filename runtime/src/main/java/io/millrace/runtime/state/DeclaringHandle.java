package io.millrace.runtime.state;

import io.millrace.api.state.ListState;
import io.millrace.api.state.MapState;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.StatefulProcessorHandle;
import io.millrace.api.state.TTLConfig;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.ValueState;
import io.millrace.runtime.state.keyed.KeyedStateSpec;
import io.millrace.runtime.state.keyed.StateVariable;
import java.util.Iterator;

/**
 * The handle a processor's {@code init} runs with when the query is planned: each getter records
 * a state variable and, as Spark's driver-side handle, returns null. Timers belong to a key, and
 * there is none yet.
 */
final class DeclaringHandle implements StatefulProcessorHandle {
  private KeyedStateSpec spec;
  private final StatefulProcessor<?, ?, ?> processor;
  private final TimeMode timeMode;

  DeclaringHandle(KeyedStateSpec spec, StatefulProcessor<?, ?, ?> processor, TimeMode timeMode) {
    this.spec = spec;
    this.processor = processor;
    this.timeMode = timeMode;
  }

  KeyedStateSpec spec() {
    return spec;
  }

  @Override
  public <T> ValueState<T> getValueState(String name, StateCodec<T> codec) {
    spec = spec.value(name, codec.schema());
    return null;
  }

  @Override
  public <T> ListState<T> getListState(String name, StateCodec<T> codec) {
    spec = spec.list(name, codec.schema());
    return null;
  }

  @Override
  public <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec) {
    spec = spec.map(name, keyCodec.schema(), valueCodec.schema());
    return null;
  }

  @Override
  public <T> ValueState<T> getValueState(String name, StateCodec<T> codec, TTLConfig ttl) {
    spec = spec.with(StateVariable.value(name, codec.schema()).withTtl(ttlMs(name, ttl, "getValueState")));
    return null;
  }

  @Override
  public <T> ListState<T> getListState(String name, StateCodec<T> codec, TTLConfig ttl) {
    spec = spec.with(StateVariable.list(name, codec.schema()).withTtl(ttlMs(name, ttl, "getListState")));
    return null;
  }

  @Override
  public <K, V> MapState<K, V> getMapState(String name, StateCodec<K> keyCodec, StateCodec<V> valueCodec,
      TTLConfig ttl) {
    spec = spec.with(StateVariable.map(name, keyCodec.schema(), valueCodec.schema())
        .withTtl(ttlMs(name, ttl, "getMapState")));
    return null;
  }

  @Override
  public void deleteIfExists(String name) {
    spec = spec.deleteIfExists(name);
  }

  /** The TTL in milliseconds, 0 for none; refused as Spark refuses it (checked here, when the query starts). */
  private long ttlMs(String name, TTLConfig ttl, String call) {
    if (ttl == null || ttl.ttlDuration().isNegative()) {
      throw new IllegalArgumentException("TTL duration must be greater than zero for State store operation=" + call
          + " on state=" + name + ". (STATEFUL_PROCESSOR_TTL_DURATION_MUST_BE_POSITIVE)");
    }
    if (ttl.isNone()) {
      return 0;
    }
    if (timeMode != TimeMode.PROCESSING_TIME) {
      throw new IllegalArgumentException("Cannot use TTL for state=" + name + " in timeMode=" + timeMode
          + ", use TimeMode.ProcessingTime() instead. (STATEFUL_PROCESSOR_INCORRECT_TIME_MODE_TO_ASSIGN_TTL): values"
          + " expire against the batches' processing time");
    }
    return Math.max(1, ttl.ttlDuration().toMillis());
  }

  @Override
  public void registerTimer(long expiryTimestampMs) {
    throw noKey("registerTimer");
  }

  @Override
  public void deleteTimer(long expiryTimestampMs) {
    throw noKey("deleteTimer");
  }

  @Override
  public Iterator<Long> listTimers() {
    throw noKey("listTimers");
  }

  private IllegalStateException noKey(String call) {
    return new IllegalStateException(call + " in init() of " + processor.getClass().getName() + ": timers belong to a"
        + " grouping key, so they are set in handleInputRows or handleExpiredTimer (as in Spark)");
  }
}
