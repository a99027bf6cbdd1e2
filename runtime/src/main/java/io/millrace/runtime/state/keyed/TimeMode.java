package io.millrace.runtime.state.keyed;

/** Which time a timer follows: the watermark or the batch's processing time. */
public enum TimeMode {
  EVENT_TIME(1),
  PROCESSING_TIME(2);

  /** The byte that tells the modes apart in the timer store. */
  final byte tag;

  TimeMode(int tag) {
    this.tag = (byte) tag;
  }
}
