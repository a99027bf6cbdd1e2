package io.millrace.runtime.expr;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The event times one batch saw at its {@code withWatermark} operator: min, max, mean and
 * count, collected by every task thread at once. The max drives the next watermark.
 */
public final class EventTimeStats {
  private final LongAccumulator max = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final LongAccumulator min = new LongAccumulator(Math::min, Long.MAX_VALUE);
  private final LongAdder sum = new LongAdder();
  private final LongAdder count = new LongAdder();

  /** Records one row's event time, in microseconds. */
  public void observe(long micros) {
    max.accumulate(micros);
    min.accumulate(micros);
    sum.add(micros / 1000);
    count.increment();
  }

  public long count() {
    return count.sum();
  }

  public long maxMicros() {
    return max.get();
  }

  public long minMicros() {
    return min.get();
  }

  /** The mean in milliseconds (summed in milliseconds so a large batch cannot overflow). */
  public long avgMillis() {
    long n = count.sum();
    return n == 0 ? 0 : sum.sum() / n;
  }
}
