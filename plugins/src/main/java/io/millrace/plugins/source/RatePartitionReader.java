package io.millrace.plugins.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.PartitionReader;
import java.util.NoSuchElementException;

/** Computes the rows of a {@link RatePartition}: {@code (timestamp, value)} for each value in its range. */
final class RatePartitionReader implements PartitionReader {
  private final RowRange range;
  private final RateSchedule schedule;
  private long value;

  RatePartitionReader(RatePartition partition) {
    this.range = partition.range();
    this.schedule = partition.schedule();
    this.value = range.from() - 1;
  }

  @Override
  public boolean next() {
    if (value < range.until()) {
      value++;
    }
    return value < range.until();
  }

  @Override
  public Row get() {
    if (value < range.from() || value >= range.until()) {
      throw new NoSuchElementException("no current row: call next() and check that it returned true");
    }
    return Row.wrap(new Object[] {schedule.timestampMicros(value), value});
  }

  @Override
  public void close() {}
}
