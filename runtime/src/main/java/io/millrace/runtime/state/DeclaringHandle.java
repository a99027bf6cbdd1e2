package io.millrace.runtime.state;

import io.millrace.api.state.ListState;
import io.millrace.api.state.MapState;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.StatefulProcessorHandle;
import io.millrace.api.state.ValueState;
import io.millrace.runtime.state.keyed.KeyedStateSpec;
import java.util.Iterator;

/**
 * The handle a processor's {@code init} runs with when the query is planned: each getter records
 * a state variable and, as Spark's driver-side handle, returns null. Timers belong to a key, and
 * there is none yet.
 */
final class DeclaringHandle implements StatefulProcessorHandle {
  private KeyedStateSpec spec;
  private final StatefulProcessor<?, ?, ?> processor;

  DeclaringHandle(KeyedStateSpec spec, StatefulProcessor<?, ?, ?> processor) {
    this.spec = spec;
    this.processor = processor;
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
