package io.millrace.tck;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link FaultInjector} that records every point the code reports and crashes nowhere, so a
 * rule can learn from a clean run where a plugin's own steps are, and then crash at each in turn.
 */
public final class FaultLog implements FaultInjector {
  /** One report: a point and the batch or version it was reported for. */
  public record Report(FaultPoint point, long batchOrVersion) {}

  private final List<Report> reports = new ArrayList<>();

  @Override
  public synchronized void reached(FaultPoint point, long batchOrVersion) {
    reports.add(new Report(point, batchOrVersion));
  }

  /** Every report so far, in order. */
  public synchronized List<Report> reports() {
    return List.copyOf(reports);
  }

  /** How often each point was reported for batch or version {@code id}, in the order of the enum. */
  public synchronized Map<FaultPoint, Integer> counts(long id) {
    Map<FaultPoint, Integer> counts = new TreeMap<>();
    for (Report r : reports) {
      if (r.batchOrVersion() == id) {
        counts.merge(r.point(), 1, Integer::sum);
      }
    }
    return counts;
  }
}
