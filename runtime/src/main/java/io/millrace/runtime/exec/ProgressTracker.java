package io.millrace.runtime.exec;

import io.millrace.api.SinkProgress;
import io.millrace.api.SourceProgress;
import io.millrace.api.StreamingQueryProgress;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Times each trigger's phases and keeps the bounded history of progress records. */
final class ProgressTracker {
  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /** A source's figures for one batch. */
  record SourceFigures(String description, String start, String end, String latest, long rows,
      Map<String, String> metrics) {}

  private final String id;
  private final String runId;
  private final String name;
  private final String guarantee;
  private final int capacity;
  private final ArrayDeque<StreamingQueryProgress> recent = new ArrayDeque<>();
  private volatile StreamingQueryProgress last;
  private long previousTriggerStartMillis = -1;
  private final FallingBehind fallingBehind;

  ProgressTracker(String id, String runId, String name, String guarantee, int capacity) {
    this.id = id;
    this.runId = runId;
    this.name = name;
    this.guarantee = guarantee;
    this.capacity = capacity;
    this.fallingBehind = new FallingBehind(name == null ? id : name + " [id=" + id + "]");
  }

  static String iso(long millis) {
    return ISO.format(Instant.ofEpochMilli(millis));
  }

  /** Phase timings of one trigger. */
  static final class Timer {
    final long startMillis;
    final long startNanos = System.nanoTime();
    final Map<String, Long> durations = new LinkedHashMap<>();

    Timer(long startMillis) {
      this.startMillis = startMillis;
    }

    /** Adds {@code millis} to {@code phase}, putting the phase in the record even at 0. */
    void record(String phase, long millis) {
      durations.merge(phase, millis, Long::sum);
    }

    <T> T time(String phase, Callable<T> work) throws Exception {
      long t0 = System.nanoTime();
      try {
        return work.call();
      } finally {
        durations.merge(phase, (System.nanoTime() - t0) / 1_000_000, Long::sum);
      }
    }
  }

  Timer startTrigger(long startMillis) {
    return new Timer(startMillis);
  }

  /** @param intervalMs the batch's trigger interval, 0 when batches run back to back */
  StreamingQueryProgress finishBatch(Timer timer, long batchId, long inputRows, long outputRows,
      Map<String, String> eventTime, List<io.millrace.api.StateOperatorProgress> stateOperators, List<SourceFigures> sources,
      String sinkDescription, Map<String, String> sinkMetrics, long intervalMs, Map<String, Long> customMetrics) {
    long elapsedNanos = System.nanoTime() - timer.startNanos;
    Map<String, Long> durations = new LinkedHashMap<>(timer.durations);
    durations.put("triggerExecution", elapsedNanos / 1_000_000);
    Double inputRate = previousTriggerStartMillis < 0 || timer.startMillis <= previousTriggerStartMillis
        ? null : round(inputRows * 1000.0 / (timer.startMillis - previousTriggerStartMillis));
    Double processedRate = elapsedNanos == 0 ? null : round(inputRows * 1e9 / elapsedNanos);
    long gapMs = previousTriggerStartMillis < 0 ? -1 : timer.startMillis - previousTriggerStartMillis;
    previousTriggerStartMillis = timer.startMillis;
    List<SourceProgress> sourceProgress = new ArrayList<>();
    for (SourceFigures s : sources) {
      sourceProgress.add(new SourceProgress(s.description(), s.start(), s.end(), s.latest(), s.rows(),
          inputRate, processedRate, s.metrics()));
    }
    StreamingQueryProgress p = new StreamingQueryProgress(id, runId, name, iso(timer.startMillis), batchId,
        elapsedNanos / 1_000_000, inputRows, inputRate, processedRate, durations, eventTime, stateOperators,
        sourceProgress, new SinkProgress(sinkDescription, outputRows, sinkMetrics), guarantee,
        fallingBehind.update(batchId, inputRate, processedRate, elapsedNanos / 1_000_000, intervalMs, gapMs).orElse(null),
        customMetrics);
    synchronized (recent) {
      recent.addLast(p);
      while (recent.size() > capacity) {
        recent.removeFirst();
      }
    }
    last = p;
    return p;
  }

  private static Double round(double v) {
    return Double.isFinite(v) ? Math.round(v * 10) / 10.0 : null;
  }

  StreamingQueryProgress last() {
    return last;
  }

  List<StreamingQueryProgress> recent() {
    synchronized (recent) {
      return List.copyOf(recent);
    }
  }
}
