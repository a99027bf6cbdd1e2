package io.millrace.runtime.exec;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells when a query no longer keeps up with its input: its batches process rows more slowly
 * than they arrive (by a tenth at least) for {@value #BATCHES} batches in a row, so that each
 * batch finds more waiting than the last, or one batch takes longer than its trigger interval. It warns once
 * when the query falls behind and logs when it catches up; the progress carries the reason of
 * every batch that is behind.
 */
final class FallingBehind {
  static final int BATCHES = 3;
  /**
   * How much slower than the input a batch must be to count: back to back, a batch's rates differ
   * by the ratio of its duration to the previous one's, which noise alone moves by a few percent.
   */
  static final double SLOWER = 0.9;
  /**
   * The shortest time between two triggers over which the rates are compared. The input rate
   * divides by the gap between trigger starts in whole milliseconds of the session's clock: at
   * a few milliseconds that rounding alone moves it by a third, and a loop of one-row batches
   * looked behind every few batches. A query truly behind grows its batches past this.
   */
  static final long MIN_GAP_MS = 100;
  private static final Logger LOG = LoggerFactory.getLogger(FallingBehind.class);

  private final String query;
  private int slowerThanInput;
  private boolean behind;

  FallingBehind(String query) {
    this.query = query;
  }

  /**
   * The reason batch {@code batchId} is behind, or empty.
   *
   * @param inputRate rows per second arriving, null when not defined (the first batch)
   * @param processedRate rows per second this batch processed
   * @param intervalMs the trigger interval, 0 for a trigger that runs batches back to back
   * @param gapMs the time since the previous batch's trigger, -1 for the first batch
   */
  Optional<String> update(long batchId, Double inputRate, Double processedRate, long durationMs, long intervalMs,
      long gapMs) {
    Optional<String> reason = Optional.empty();
    if (intervalMs > 0 && durationMs > intervalMs) {
      reason = Optional.of("batch " + batchId + " took " + durationMs + " ms, longer than its trigger interval of "
          + intervalMs + " ms");
    }
    slowerThanInput = gapMs >= MIN_GAP_MS && inputRate != null && processedRate != null
        && processedRate < SLOWER * inputRate ? slowerThanInput + 1 : 0;
    if (reason.isEmpty() && slowerThanInput >= BATCHES) {
      reason = Optional.of("the last " + slowerThanInput + " batches processed rows more slowly than they arrived (now "
          + Math.round(processedRate) + " against " + Math.round(inputRate) + " rows/s)");
    }
    if (reason.isPresent() && !behind) {
      LOG.warn("Query {} is falling behind: {}; its batches grow, or its triggers come late, until it catches up",
          query, reason.get());
    } else if (reason.isEmpty() && behind) {
      LOG.info("Query {} keeps up with its input again at batch {}", query, batchId);
    }
    behind = reason.isPresent();
    return reason;
  }
}
