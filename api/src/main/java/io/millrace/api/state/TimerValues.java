package io.millrace.api.state;

/** The times a {@link StatefulProcessor} call sees, in milliseconds since the epoch (Spark's {@code TimerValues}). */
public interface TimerValues {
  /** The batch's processing time: the same on a replay of the batch. */
  long getCurrentProcessingTimeInMs();

  /**
   * The watermark timers fire by: this batch's, 0 before the first move (as Spark's batch 0);
   * -1 under {@link TimeMode#PROCESSING_TIME} and {@link TimeMode#NONE} when the query has none.
   */
  long getCurrentWatermarkInMs();
}
