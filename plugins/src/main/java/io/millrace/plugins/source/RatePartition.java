package io.millrace.plugins.source;

import io.millrace.spi.source.InputPartition;

/** The rows of {@code range} of a rate source; they are computed from the schedule, so any instance can read them. */
record RatePartition(RowRange range, RateSchedule schedule) implements InputPartition {

  @Override
  public String describe() {
    return "rate " + range;
  }
}
