package io.millrace.runtime.exec;

import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Each stateful operator's own input watermark, worked out from the query's watermark through
 * the operator tree as Spark 3.5+ does it ({@code PropagateWatermarkSimulator}, SPARK-42376):
 * a {@code withWatermark} hands on the query's watermark; a stateless node the least of what
 * its inputs hand on (inputs without a watermark left out); a stateful operator takes that least
 * value as its input watermark and hands on what it guarantees about its own output (an
 * aggregation or deduplication its input watermark, a join a delayed one, see
 * {@link StatefulExec#outputWatermarkMs}). As in Spark an operator's input watermark is never
 * below 0 (the query's watermark starts at 0), so a join's delayed watermark that would be
 * negative reaches the operator after it as 0. For a query of one stateful operator this is the
 * query's watermark itself, as before.
 */
final class WatermarkPropagation {
  private WatermarkPropagation() {}

  /**
   * The input watermark (ms) of each stateful operator under {@code root}, by operator id, for
   * the query's watermark {@code queryMs}; an operator no watermark reaches is absent.
   */
  static Map<Integer, Long> inputWatermarks(PhysicalOperator root, long queryMs) {
    Map<Integer, Long> inputs = new TreeMap<>();
    output(root, queryMs, inputs);
    return inputs;
  }

  /** What {@code node} hands on, recording each stateful operator's input on the way up. */
  private static OptionalLong output(PhysicalOperator node, long queryMs, Map<Integer, Long> inputs) {
    OptionalLong least = OptionalLong.empty();
    for (PhysicalOperator child : node.children()) {
      OptionalLong c = output(child, queryMs, inputs);
      if (c.isPresent() && (least.isEmpty() || c.getAsLong() < least.getAsLong())) {
        least = c;
      }
    }
    if (node instanceof PipelineExec p && p.definesWatermark()) {
      return OptionalLong.of(queryMs);
    }
    if (node instanceof StatefulExec op) {
      if (least.isEmpty()) {
        return least;
      }
      long input = Math.max(least.getAsLong(), 0);
      inputs.put(op.operatorId(), input);
      return OptionalLong.of(op.outputWatermarkMs(input));
    }
    return least;
  }
}
