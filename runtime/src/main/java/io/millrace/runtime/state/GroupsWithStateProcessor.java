package io.millrace.runtime.state;

import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.StateCodec;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessorWithInitialState;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.runtime.state.GroupStateImpl.GroupStateUnsupportedException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.state.StateStore.Presence;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * A {@code [flat]MapGroupsWithState} function run as a transformWithState processor, so that it
 * has that operator's state stores, two-phase commit, restarts and timers. Each key keeps one
 * row, as Spark's state format 2: the user's state (null once removed while a timeout is kept)
 * and the timeout in ms (-1 for none).
 *
 * <p>A timeout {@code t} fires strictly before the threshold in Spark ({@code t < watermark} or
 * {@code t < batch time}), while the operator's timers fire at or before it: the timer is
 * registered at {@code t + 1} ms, which fires in exactly the batches where {@code t} would.
 * Otherwise Spark's {@code FlatMapGroupsWithStateExec}: a new {@link GroupStateImpl} each call
 * (so the timeout resets), the function's output consumed before the state is written, and the
 * row written only when the state was updated or removed or the timeout changed.
 */
final class GroupsWithStateProcessor<S> extends StatefulProcessorWithInitialState<Row, Row, Row, Row> {
  /** The one state variable. */
  static final String STATE_VARIABLE = "groupState";

  private final FlatMapGroupsWithStateFunction<S> function;
  private final StateCodec<S> codec;
  private final TransformWithStatePlan.GroupsWithState groups;
  private final boolean watermarkPresent;
  /** The initial state's columns that hold the state, in the codec's order; null without an initial state. */
  private final int[] stateColumns;
  private ValueState<Row> rows;

  GroupsWithStateProcessor(FlatMapGroupsWithStateFunction<S> function, StateCodec<S> codec,
      TransformWithStatePlan.GroupsWithState groups, boolean watermarkPresent, int[] stateColumns) {
    this.stateColumns = stateColumns;
    this.function = function;
    this.codec = codec;
    this.groups = groups;
    this.watermarkPresent = watermarkPresent;
  }

  /** The function's class, for messages. */
  String functionName() {
    return function.getClass().getName();
  }

  @Override
  public void init(OutputMode outputMode, TimeMode timeMode) {
    Schema kept = Schema.of(List.of(new Field("state", DataType.struct(codec.schema()), true),
        new Field("timeoutTimestamp", DataType.LONG, false)));
    rows = getHandle().getValueState(STATE_VARIABLE, StateCodecs.row(kept));
  }

  /**
   * A row of the initial state: the key's state, with no timeout, as Spark puts it before batch
   * 0's calls (the operator then calls the function for every such key). Not counted as an
   * update, as Spark counts the function's writes only.
   */
  @Override
  public void handleInitialState(Row key, Row initialState, TimerValues timerValues) {
    if (rows.exists()) {
      throw new IllegalArgumentException("The initial state provided contained multiple rows(state) with the same key."
          + " Make sure to de-duplicate the initial state before passing it.");
    }
    Object[] fields = new Object[stateColumns.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = initialState.get(stateColumns[i]);
    }
    S value = codec.decode(Row.wrap(fields));
    if (value == null) {
      throw new IllegalArgumentException(groups.apiName() + ": the initial state of key " + key + " decodes to null,"
          + " which is not a valid state value");
    }
    rows.update(Row.of(codec.encode(value), GroupStateImpl.NO_TIMESTAMP));
    if (getHandle() instanceof ProcessorHandle h) {
      h.updated--;
    }
  }

  @Override
  public Iterator<Row> handleInputRows(Row key, Iterator<Row> inputRows, TimerValues timerValues) {
    return call(key, inputRows, false, timerValues, true);
  }

  /** The key's timeout: the function runs with no rows; the operator has removed the timer already. */
  @Override
  public Iterator<Row> handleExpiredTimer(Row key, TimerValues timerValues, ExpiredTimerInfo expiredTimerInfo) {
    Row stored = rows.get();
    if (stored == null || stored.getLong(1) + 1 != expiredTimerInfo.getExpiryTimeInMs()) {
      // Never expected: each change of the timeout moves the timer with it.
      throw new IllegalStateException(groups.apiName() + ": a timer at " + expiredTimerInfo.getExpiryTimeInMs()
          + " ms fired for key " + key + ", whose kept row is " + stored);
    }
    return call(key, Collections.emptyIterator(), true, timerValues, false);
  }

  /**
   * One call of the function, then its state written.
   *
   * @param timerRegistered whether the kept timeout's timer is still registered (not when it fired)
   */
  private Iterator<Row> call(Row key, Iterator<Row> values, boolean timedOut, TimerValues times,
      boolean timerRegistered) {
    Row stored = rows.get();
    S value = stored == null || stored.isNullAt(0) ? null : codec.decode(stored.getStruct(0));
    long storedTimeout = stored == null ? GroupStateImpl.NO_TIMESTAMP : stored.getLong(1);
    // Spark's watermark is 0 in the first batch whenever the input has one.
    long watermarkMs = watermarkPresent ? Math.max(times.getCurrentWatermarkInMs(), 0) : GroupStateImpl.NO_TIMESTAMP;
    GroupStateImpl<S> state = new GroupStateImpl<>(value, groups.timeout(), timedOut,
        times.getCurrentProcessingTimeInMs(), watermarkMs, watermarkPresent);
    List<Row> out = new ArrayList<>();
    try {
      Iterator<Row> result = function.call(key, values, state);
      while (result.hasNext()) {
        out.add(result.next());
      }
    } catch (GroupStateUnsupportedException e) {
      throw e; // Spark's own error, not wrapped
    } catch (Exception e) {
      throw new GroupsWithStateFunctionException(functionName(), e);
    }
    write(state, stored, storedTimeout, timerRegistered);
    return out.iterator();
  }

  private void write(GroupStateImpl<S> state, Row stored, long storedTimeout, boolean timerRegistered) {
    long timeout = state.timeoutTimestamp();
    if (state.isRemoved() && timeout == GroupStateImpl.NO_TIMESTAMP) {
      if (stored != null) {
        rows.clear();
      } else if (getHandle() instanceof ProcessorHandle h) {
        h.removed++; // Spark counts a removal whether or not the key had a row
      }
    } else if (state.isUpdated() || state.isRemoved() || timeout != storedTimeout) {
      rows.update(Row.of(state.exists() ? codec.encode(state.get()) : null, timeout));
    }
    long timer = timerRegistered ? storedTimeout : GroupStateImpl.NO_TIMESTAMP;
    if (timer != timeout) {
      // The key's one timer is its kept timeout's, so the one deleted is set and the one registered is not.
      if (timer != GroupStateImpl.NO_TIMESTAMP) {
        deleteSetTimer(timer + 1);
      }
      if (timeout != GroupStateImpl.NO_TIMESTAMP) {
        registerUnsetTimer(timeout + 1);
      }
    }
  }

  /** The engine's handle is told the timer is set, and need not look it up. */
  private void deleteSetTimer(long ms) {
    if (getHandle() instanceof ProcessorHandle h) {
      h.deleteTimer(ms, Presence.PRESENT);
    } else {
      getHandle().deleteTimer(ms);
    }
  }

  private void registerUnsetTimer(long ms) {
    if (getHandle() instanceof ProcessorHandle h) {
      h.registerTimer(ms, Presence.ABSENT);
    } else {
      getHandle().registerTimer(ms);
    }
  }
}
