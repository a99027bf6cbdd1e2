package io.millrace.api.state;

import io.millrace.spi.sink.OutputMode;
import java.util.Collections;
import java.util.Iterator;

/**
 * User code that keeps state per grouping key, for
 * {@link io.millrace.api.KeyValueGroupedDataset#transformWithState} (Spark 4.0's
 * {@code StatefulProcessor}). Each batch, each partition of the state gets a new instance from
 * the query's supplier (as each Spark task deserializes its own): {@link #init} declares the
 * state variables, {@link #handleInputRows} runs once for each key with rows in the batch, then
 * {@link #handleExpiredTimer} once for each timer that is due, then {@link #close}.
 *
 * @param <K> the grouping key
 * @param <I> the input rows
 * @param <O> the output rows
 */
public abstract class StatefulProcessor<K, I, O> {
  private StatefulProcessorHandle handle;

  /** Declares the state variables through {@link #getHandle()}. */
  public abstract void init(OutputMode outputMode, TimeMode timeMode);

  /** The rows of {@code key} in this batch (in no particular order); returns the rows to emit. */
  public abstract Iterator<O> handleInputRows(K key, Iterator<I> inputRows, TimerValues timerValues);

  /** A timer of {@code key} that is due; returns the rows to emit. None by default. */
  public Iterator<O> handleExpiredTimer(K key, TimerValues timerValues, ExpiredTimerInfo expiredTimerInfo) {
    return Collections.emptyIterator();
  }

  /** After the batch's last call on this instance. */
  public void close() {}

  /** Set by the engine before {@link #init}. */
  public final void setHandle(StatefulProcessorHandle handle) {
    this.handle = handle;
  }

  public final StatefulProcessorHandle getHandle() {
    if (handle == null) {
      throw new IllegalStateException("the handle of " + getClass().getName() + " is not set: the engine sets it"
          + " before init()");
    }
    return handle;
  }
}
