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
  /** Each stateful operator's input watermarks by operator id; absent where none reaches it. */
  private final Map<Integer, Long> lateWatermarksMs;
  private final Map<Integer, Long> evictionWatermarksMs;
  private final Map<Integer, StateOperatorProgress> state = new TreeMap<>();
  private final BooleanSupplier stopRequested;

  /**
   * A batch for callers that run no stateful operator: the watermarks are not per operator, so
   * any stateful operator would find none.
   */
  BatchRun(long id, EvalContext context, BatchReader reader, ProgressTracker.Timer timer, List<SourceBinding> sources,
      List<Offset> starts, List<Offset> ends, long lateWatermarkMs, long evictionWatermarkMs,
      BooleanSupplier stopRequested) {
    this(id, context, reader, timer, sources, starts, ends, Map.of(), Map.of(), stopRequested);
  }

  /**
   * @param lateWatermarksMs each stateful operator's input watermark rows are late by: the one
   *     propagated from the previous batch's watermark
   * @param evictionWatermarksMs each one's input watermark state is evicted by: from this batch's
   */
  BatchRun(long id, EvalContext context, BatchReader reader, ProgressTracker.Timer timer, List<SourceBinding> sources,
      List<Offset> starts, List<Offset> ends, Map<Integer, Long> lateWatermarksMs,
      Map<Integer, Long> evictionWatermarksMs, BooleanSupplier stopRequested) {
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
    this.lateWatermarksMs = Map.copyOf(lateWatermarksMs);
    this.evictionWatermarksMs = Map.copyOf(evictionWatermarksMs);
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

  /** Operator {@code operatorId}'s late-row watermark in microseconds, or {@link Long#MIN_VALUE} when none reaches it. */
  long lateWatermarkMicros(int operatorId) {
    Long ms = lateWatermarksMs.get(operatorId);
    return ms == null ? Long.MIN_VALUE : ms * 1000;
  }

  /** Operator {@code operatorId}'s eviction watermark in microseconds, or {@link Long#MIN_VALUE} when none reaches it. */
  long evictionWatermarkMicros(int operatorId) {
    Long ms = evictionWatermarksMs.get(operatorId);
    return ms == null ? Long.MIN_VALUE : ms * 1000;
  }

  synchronized void reportState(int operatorId, StateOperatorProgress progress) {
    state.put(operatorId, progress);
  }

  /** The stateful operators' figures, by operator id. */
  synchronized List<StateOperatorProgress> stateProgress() {
    return new ArrayList<>(state.values());
  }
}
