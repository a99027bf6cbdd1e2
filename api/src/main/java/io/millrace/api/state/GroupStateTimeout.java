package io.millrace.api.state;

/**
 * What a {@code [flat]MapGroupsWithState} key's timeout follows (Spark's {@code GroupStateTimeout}):
 * none; the batch's processing time ({@link GroupState#setTimeoutDuration}); or the event-time
 * watermark ({@link GroupState#setTimeoutTimestamp}, which needs {@code withWatermark} upstream).
 * Only under {@link #EVENT_TIME_TIMEOUT} are input rows at or before the previous batch's
 * watermark dropped as late, as in Spark.
 */
public enum GroupStateTimeout {
  NO_TIMEOUT,
  PROCESSING_TIME_TIMEOUT,
  EVENT_TIME_TIMEOUT
}
