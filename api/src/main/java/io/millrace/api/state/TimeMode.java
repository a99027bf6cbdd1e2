package io.millrace.api.state;

/**
 * Which clock a {@link StatefulProcessor}'s timers follow (Spark's {@code TimeMode}): none (no
 * timers), the batch's processing time, or the event-time watermark. Only under event time are
 * input rows at or before the previous batch's watermark dropped as late, as in Spark.
 */
public enum TimeMode {
  NONE,
  PROCESSING_TIME,
  EVENT_TIME
}
