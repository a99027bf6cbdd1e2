package io.millrace.runtime.exec;

import io.millrace.api.StateOperatorProgress;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.source.Offset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * One batch as its operators see it: its id and evaluation context, each source's range, the
 * watermarks, and where operators report their figures for the progress.
 */
final class BatchRun {
  private final long id;
  private final EvalContext context;
  private final BatchReader reader;
  private final ProgressTracker.Timer timer;
  private final List<SourceBinding> sources;
  private final List<Offset> starts;
  private final List<Offset> ends;
  private final LongAdder[] rowsRead;
  private final long lateWatermarkMs;
  private final long evictionWatermarkMs;
  private final Map<Integer, StateOperatorProgress> state = new TreeMap<>();
  private final BooleanSupplier stopRequested;

  /**
   * @param lateWatermarkMs the watermark rows are late by: the previous batch's
   * @param evictionWatermarkMs the watermark state is evicted by: this batch's
   */
  BatchRun(long id, EvalContext context, BatchReader reader, ProgressTracker.Timer timer, List<SourceBinding> sources,
      List<Offset> starts, List<Offset> ends, long lateWatermarkMs, long evictionWatermarkMs,
      BooleanSupplier stopRequested) {
    this.id = id;
    this.stopRequested = stopRequested;
    this.context = context;
    this.reader = reader;
    this.timer = timer;
    this.sources = sources;
    this.starts = starts;
    this.ends = ends;
    this.rowsRead = new LongAdder[sources.size()];
    for (int i = 0; i < rowsRead.length; i++) {
      rowsRead[i] = new LongAdder();
    }
    this.lateWatermarkMs = lateWatermarkMs;
    this.evictionWatermarkMs = evictionWatermarkMs;
  }

  long id() {
    return id;
  }

  /** Whether the query was asked to stop: source reads then abandon the batch. */
  BooleanSupplier stopRequested() {
    return stopRequested;
  }

  EvalContext context() {
    return context;
  }

  BatchReader reader() {
    return reader;
  }

  ProgressTracker.Timer timer() {
    return timer;
  }

  SourceBinding source(int index) {
    return sources.get(index);
  }

  Offset start(int index) {
    return starts.get(index);
  }

  Offset end(int index) {
    return ends.get(index);
  }

  /** Where the tasks of source {@code index} count the rows it gave. */
  LongAdder rowsRead(int index) {
    return rowsRead[index];
  }

  long rowsRead() {
    long all = 0;
    for (LongAdder a : rowsRead) {
      all += a.sum();
    }
    return all;
  }

  /** The late-row watermark in microseconds for an operator, or {@link Long#MIN_VALUE} when none reaches it. */
  long lateWatermarkMicros(boolean watermarked) {
    return watermarked ? lateWatermarkMs * 1000 : Long.MIN_VALUE;
  }

  /** The eviction watermark in microseconds for an operator, or {@link Long#MIN_VALUE} when none reaches it. */
  long evictionWatermarkMicros(boolean watermarked) {
    return watermarked ? evictionWatermarkMs * 1000 : Long.MIN_VALUE;
  }

  synchronized void reportState(int operatorId, StateOperatorProgress progress) {
    state.put(operatorId, progress);
  }

  /** The stateful operators' figures, by operator id. */
  synchronized List<StateOperatorProgress> stateProgress() {
    return new ArrayList<>(state.values());
  }
}
