package io.millrace.runtime.state.keyed;

import io.millrace.spi.state.StateStore.Presence;
import java.util.Iterator;
import java.util.List;

/**
 * Event-time and processing-time timers per grouping key, kept in the checkpoint with the
 * partition's state (as Spark's {@code registerTimer} / {@code deleteTimer} / {@code listTimers},
 * and Flink's timer service). A key has at most one timer per mode and time: registering it again
 * changes nothing.
 *
 * <p>Times are longs in whatever unit the operator compares them with: event-time timers fire
 * against the watermark the operator passes (the engine's is in microseconds), processing-time
 * ones against the batch's processing time (milliseconds of the engine's {@code Clock}, read
 * when the batch was planned and recorded in {@code offsets/N}, so that a replayed batch fires
 * exactly the timers the first run fired: firing against the clock's reading at replay time
 * would commit another version of the timer store than the first run did).
 */
public interface TimerService {

  /** Sets a timer of the current key. */
  void register(TimeMode mode, long time);

  /** Removes a timer of the current key; removing one it does not have changes nothing. */
  void delete(TimeMode mode, long time);

  /**
   * {@link #register} by a caller that knows whether the timer is set already, as an operator
   * keeping one timer per key does: no lookup. What is written is the same whatever it is told;
   * told wrong, the state's row count is off.
   */
  default void register(TimeMode mode, long time, Presence before) {
    register(mode, time);
  }

  /** {@link #delete} by a caller that knows whether the timer is set, as {@link #register(TimeMode, long, Presence)}. */
  default void delete(TimeMode mode, long time, Presence before) {
    delete(mode, time);
  }

  /** The current key's timers of {@code mode}, earliest first. */
  List<Long> list(TimeMode mode);

  /**
   * The timers of {@code mode} of every key of the partition whose time is before
   * {@code before} (strictly, as Spark's {@code getExpiredTimers}), earliest first, and among
   * equal times in the order of the encoded keys. Reads only that range of the time-ordered index
   * (where the store has range scans). Each timer is removed as the iterator returns it, before
   * the operator handles it (as in Flink), so a handler may register it again; a timer registered
   * while the iterator runs fires in a later call, never in this one.
   */
  Iterator<ExpiredTimer> expired(TimeMode mode, long before);

  /** The earliest timer of {@code mode} of any key of the partition, if there is one; reads one entry. */
  java.util.OptionalLong earliest(TimeMode mode);

  default void registerEventTimeTimer(long time) {
    register(TimeMode.EVENT_TIME, time);
  }

  default void registerProcessingTimeTimer(long time) {
    register(TimeMode.PROCESSING_TIME, time);
  }
}
