package io.millrace.bench;

import io.millrace.api.StateOperatorProgress;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects one run's progress records and turns them into the figures the report shows. */
final class RunStats extends StreamingQueryListener {
  private final List<StreamingQueryProgress> progress = new ArrayList<>();
  /** Wall-clock time (epoch ms) when the first data batch's progress arrived, or 0. */
  volatile long firstDataBatchDoneEpochMs;

  @Override
  public synchronized void onQueryProgress(QueryProgressEvent event) {
    StreamingQueryProgress p = event.progress();
    if (p.numInputRows() > 0 && firstDataBatchDoneEpochMs == 0) {
      firstDataBatchDoneEpochMs = System.currentTimeMillis();
    }
    progress.add(p);
  }

  synchronized List<StreamingQueryProgress> progress() {
    return new ArrayList<>(progress);
  }

  /** The figures of the progress seen so far, in report order. */
  synchronized Map<String, Object> summary() {
    Map<String, Object> r = new LinkedHashMap<>();
    List<Long> data = new ArrayList<>();
    List<Long> noData = new ArrayList<>();
    long inputRows = 0;
    long outputRows = 0;
    long updated = 0;
    long removed = 0;
    long dropped = 0;
    long stateRows = 0;
    long stateBytes = 0;
    Map<String, List<Long>> phases = new LinkedHashMap<>();
    for (StreamingQueryProgress p : progress) {
      long te = p.durationMs().getOrDefault("triggerExecution", 0L);
      (p.numInputRows() > 0 ? data : noData).add(te);
      inputRows += p.numInputRows();
      outputRows += p.sink() == null ? 0 : p.sink().numOutputRows();
      if (p.numInputRows() > 0) {
        p.durationMs().forEach((k, v) -> phases.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
      }
      for (StateOperatorProgress s : p.stateOperators()) {
        updated += s.numRowsUpdated();
        removed += s.numRowsRemoved();
        dropped += s.numRowsDroppedByWatermark();
        stateRows = s.numRowsTotal();
        stateBytes = s.memoryUsedBytes();
      }
    }
    r.put("batchesData", data.size());
    r.put("batchesNoData", noData.size());
    r.put("numInputRows", inputRows);
    r.put("numOutputRows", outputRows);
    r.put("medianBatchMsData", median(data));
    r.put("p90BatchMsData", percentile(data, 0.9));
    r.put("firstBatchMs", data.isEmpty() ? null : data.get(0));
    r.put("medianBatchMsNoData", median(noData));
    Map<String, Object> phaseMedians = new LinkedHashMap<>();
    phases.forEach((k, v) -> phaseMedians.put(k, median(v)));
    r.put("phaseMediansData", phaseMedians);
    // Where the wall time outside steady batches goes: the first batch runs mostly before the
    // JIT has compiled the hot paths.
    progress.stream().filter(p -> p.numInputRows() > 0).findFirst()
        .ifPresent(p -> r.put("phasesFirstBatch", new LinkedHashMap<>(p.durationMs())));
    r.put("batchMsData", data);
    r.put("sumBatchMs", data.stream().mapToLong(Long::longValue).sum()
        + noData.stream().mapToLong(Long::longValue).sum());
    r.put("stateRowsUpdated", updated);
    r.put("stateRowsRemoved", removed);
    r.put("numRowsDroppedByWatermark", dropped);
    r.put("finalStateRows", stateRows);
    r.put("finalStateMemoryBytes", stateBytes);
    return r;
  }

  static Double median(List<Long> values) {
    if (values.isEmpty()) {
      return null;
    }
    long[] v = values.stream().mapToLong(Long::longValue).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  }

  static Long percentile(List<Long> values, double q) {
    if (values.isEmpty()) {
      return null;
    }
    long[] v = values.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(v);
    return v[Math.min(v.length - 1, (int) Math.ceil(q * v.length) - 1)];
  }
}
