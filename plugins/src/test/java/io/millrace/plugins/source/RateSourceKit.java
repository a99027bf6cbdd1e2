package io.millrace.plugins.source;

import io.millrace.spi.data.Row;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Drives the {@code rate} source on a manual clock: at 1000 rows a second each row is due one
 * millisecond after the one before, so appending {@code n} rows is moving the clock {@code n}
 * milliseconds. The suite creates the first source, which fixes the start, before it appends.
 */
final class RateSourceKit implements SourceKit {
  private static final long START_MICROS = 1_700_000_000_000_000L;
  private static final long MICROS_PER_ROW = 1_000;

  private final AtomicLong nowMicros = new AtomicLong(START_MICROS);
  private long rows;

  @Override
  public SourceProvider provider() {
    return new RateSourceProvider(nowMicros::get);
  }

  @Override
  public Map<String, String> options() {
    return Map.of("rowsPerSecond", "1000", "numPartitions", "2");
  }

  /** The provider runs on this kit's manual clock, which a child JVM's provider would not share. */
  @Override
  public boolean reachableFromAnotherProcess() {
    return false;
  }

  @Override
  public List<Row> append(int count) {
    List<Row> due = new ArrayList<>();
    for (int i = 0; i < count; i++, rows++) {
      due.add(Row.of(START_MICROS + rows * MICROS_PER_ROW, rows));
    }
    nowMicros.addAndGet(count * MICROS_PER_ROW);
    return due;
  }
}
