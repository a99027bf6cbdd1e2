package io.millrace.runtime.exec;

import io.millrace.api.AnalysisException;
import io.millrace.api.state.GroupStateTimeout;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a query must satisfy before it starts, beyond names and types: an output mode its
 * operators can honour and chains of stateful operators Spark allows (its
 * {@code UnsupportedOperationChecker}), and no option that would be ignored. Warns where a
 * query is valid but its state can grow without bound.
 */
final class QueryChecks {
  private static final Logger LOG = LoggerFactory.getLogger(QueryChecks.class);

  private QueryChecks() {}

  static void checkOutputMode(QuerySpec spec, PhysicalPlan plan) {
    OutputMode mode = spec.outputMode();
    boolean aggregates = false;
    for (StatefulExec op : plan.stateful()) {
      aggregates |= op instanceof AggregateExec;
    }
    if (!aggregates && mode == OutputMode.COMPLETE) {
      throw new AnalysisException("output mode complete needs an aggregation: it re-emits the whole result "
          + "every batch, and a query without aggregation has no result table to re-emit; use append");
    }
    checkGroupsWithState(plan, mode, aggregates);
    for (StatefulExec op : plan.stateful()) {
      checkInputNotLate(op, mode);
      check(op, mode);
    }
  }

  /**
   * Spark's rules for {@code [flat]MapGroupsWithState} (UnsupportedOperationChecker, with its
   * texts): mapGroupsWithState only in update mode, one per query, not mixed with
   * flatMapGroupsWithState; a flatMapGroupsWithState's mode must be the query's (without an
   * aggregation) or append (with one); several only all in append; nothing stateful after one
   * with an event-time timeout, whose output may be older than the watermark.
   */
  private static void checkGroupsWithState(PhysicalPlan plan, OutputMode mode, boolean aggregates) {
    List<TransformWithStateExec> maps = new ArrayList<>();
    List<TransformWithStateExec> flatMaps = new ArrayList<>();
    for (StatefulExec op : plan.stateful()) {
      if (op instanceof TransformWithStateExec t && t.plan().groupsWithState().isPresent()) {
        (t.plan().groupsWithState().get().mapGroups() ? maps : flatMaps).add(t);
      }
      for (TransformWithStateExec below : below(op, TransformWithStateExec.class)) {
        if (below.plan().groupsWithState().map(g -> g.timeout() == GroupStateTimeout.EVENT_TIME_TIMEOUT)
            .orElse(false)) {
          throw new AnalysisException("Detected pattern of possible 'correctness' issue due to global watermark. The"
              + " query contains stateful operation which can emit rows older than the current watermark plus allowed"
              + " late record delay, which are \"late rows\" in downstream stateful operations and these rows can be"
              + " discarded: " + op.name() + " [operator " + op.operatorId() + "] after "
              + below.plan().apiName() + " with an event-time timeout [operator " + below.operatorId() + "]");
        }
      }
    }
    if (maps.size() >= 2) {
      throw new AnalysisException("Multiple mapGroupsWithStates are not supported on a streaming DataFrames/Datasets");
    }
    if (!maps.isEmpty() && !flatMaps.isEmpty()) {
      throw new AnalysisException("Mixing mapGroupsWithStates and flatMapGroupsWithStates are not supported on a"
          + " streaming DataFrames/Datasets");
    }
    if (flatMaps.size() >= 2 && (mode != OutputMode.APPEND || flatMaps.stream()
        .anyMatch(t -> t.plan().groupsWithState().get().outputMode() != OutputMode.APPEND))) {
      throw new AnalysisException("Multiple flatMapGroupsWithStates are not supported when they are not all in append"
          + " mode or the output mode is not append on a streaming DataFrames/Datasets");
    }
    if (!maps.isEmpty() && mode != OutputMode.UPDATE) {
      throw new AnalysisException("mapGroupsWithState is not supported with " + sparkName(mode) + " output mode on a"
          + " streaming DataFrame/Dataset");
    }
    for (TransformWithStateExec t : flatMaps) {
      OutputMode own = t.plan().groupsWithState().get().outputMode();
      if (aggregates && own == OutputMode.UPDATE) {
        throw new AnalysisException("flatMapGroupsWithState in update mode is not supported with aggregation on a"
            + " streaming DataFrame/Dataset");
      }
      if (!aggregates && own != mode) {
        throw new AnalysisException("flatMapGroupsWithState in " + name(own) + " mode is not supported with "
            + sparkName(mode) + " output mode on a streaming DataFrame/Dataset");
      }
    }
  }

  /** An output mode as Spark prints it in these messages ("Append"). */
  private static String sparkName(OutputMode mode) {
    String n = name(mode);
    return Character.toUpperCase(n.charAt(0)) + n.substring(1);
  }

  /**
   * Spark's correctness check for chains: in update and complete mode an aggregation emits
   * groups the watermark may already have passed, rows that an operator after it keyed on event
   * time would drop as late. Such an operator (another aggregation, or a deduplication whose key
   * holds the event time) is refused after an aggregation in those modes; append mode emits a
   * group only once it is final, so chains run there.
   */
  private static void checkInputNotLate(StatefulExec op, OutputMode mode) {
    if (mode == OutputMode.APPEND) {
      return;
    }
    boolean keyedOnTime = op instanceof AggregateExec || op.evictsByWatermark(OutputMode.APPEND);
    List<AggregateExec> before = below(op, AggregateExec.class);
    if (keyedOnTime && !before.isEmpty()) {
      throw new AnalysisException("output mode " + name(mode) + " cannot run " + op.name() + " [operator "
          + op.operatorId() + "] after the aggregation " + before.get(0).name() + " [operator "
          + before.get(0).operatorId() + "]: in " + name(mode) + " mode an aggregation emits groups that the watermark "
          + "may have passed, which the operator after it would drop as late rows (Spark refuses this as a possible "
          + "correctness issue); use append mode, where a group is emitted once it is final");
    }
  }

  private static void check(StatefulExec op, OutputMode mode) {
    boolean evicts = op.evictsByWatermark(OutputMode.APPEND);
    String where = op.name() + " [operator " + op.operatorId() + "]";
    if (op instanceof JoinExec join) {
      join.plan().checkSupported();
      if (mode != OutputMode.APPEND) {
        throw new AnalysisException("a join of two streams runs in append output mode only, as in Spark (a joined"
            + " row is final when emitted), not in " + name(mode) + " (" + where + ")");
      }
      if (!join.plan().evicts(0) || !join.plan().evicts(1)) {
        LOG.warn("{}: the join keeps every {} row: {}", where,
            !join.plan().evicts(0) && !join.plan().evicts(1) ? "left and right" : !join.plan().evicts(0) ? "left"
                : "right",
            "bound each side's event time by the other's in the condition (rightTime BETWEEN leftTime AND leftTime"
                + " + INTERVAL ..) and put withWatermark on both sides to drop rows that can no longer match");
      }
      return;
    }
    if (op instanceof TransformWithStateExec) {
      // Spark has no output-mode rule for transformWithState, and those of [flat]MapGroupsWithState
      // are checked above: the rows are the user code's, final whenever it emits them.
      return;
    }
    if (op instanceof DeduplicateExec) {
      if (!evicts) {
        LOG.warn("{}: dropDuplicates keeps every key it has seen: without withWatermark(..) on one of its key "
            + "columns its state grows without bound", where);
      }
      return;
    }
    if (op instanceof AggregateExec agg && agg.sessionWindow()) {
      checkSessionWindow(op, mode, evicts, where);
      if (mode == OutputMode.COMPLETE) {
        LOG.warn("{}: output mode complete keeps every session, finished ones too: the watermark evicts nothing (it"
            + " only makes rows late, as in Spark), so the state grows with every session; use append to bound it",
            where);
        return;
      }
    }
    if (mode == OutputMode.APPEND && !evicts) {
      throw new AnalysisException("output mode append needs withWatermark(..) on the event-time column and a grouping "
          + "by that column or a window on it: otherwise a group can change with every batch, so no row could ever "
          + "be emitted as final; " + op.eventTimeInput()
              .map(c -> "group by '" + c + "' or window('" + c + "', ..)")
              .orElse("add withWatermark(..)") + ", or use update or complete (" + where + ")");
    }
    if (mode == OutputMode.COMPLETE && evicts) {
      LOG.warn("{}: output mode complete keeps every group, finished windows too: the watermark evicts nothing "
          + "and makes no row late, so the state grows with every new group; use update or append to bound it", where);
    }
    if (op.watermarked() && !evicts) {
      LOG.warn("{}: the aggregation does not group by the watermarked column or a window on it: its state is never "
          + "evicted and grows with every new group", where);
    }
  }

  /**
   * Spark 4.0.1's refusals of a session window aggregation, with its messages: update mode
   * (sessions merge, so an updated row could stand for a session that a later row merges away),
   * and append mode without a watermark on the session's time (no session would ever be final).
   */
  private static void checkSessionWindow(StatefulExec op, OutputMode mode, boolean evicts, String where) {
    if (mode == OutputMode.UPDATE) {
      throw new AnalysisException("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: update."
          + " This output mode is not supported for session window streaming aggregations on streaming"
          + " DataFrames/DataSets. (" + where + ": use append, with withWatermark(..) on the session's time, or"
          + " complete)");
    }
    if (mode == OutputMode.APPEND && !evicts) {
      throw new AnalysisException("[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: append."
          + " This output mode is not supported for streaming aggregations without watermark on streaming"
          + " DataFrames/DataSets. (" + where + ": a session is emitted once the watermark passes its end; add "
          + op.eventTimeInput().map(c -> "withWatermark on the session_window's time column instead of on '" + c
              + "'").orElse("withWatermark(..) on the session_window's time column") + ")");
    }
  }

  /** The stateful operators of {@code kind} under {@code op}. */
  private static <T extends StatefulExec> List<T> below(PhysicalOperator op, Class<T> kind) {
    List<T> found = new ArrayList<>();
    for (PhysicalOperator child : op.children()) {
      if (kind.isInstance(child)) {
        found.add(kind.cast(child));
      }
      found.addAll(below(child, kind));
    }
    return found;
  }

  private static String name(OutputMode mode) {
    return mode.name().toLowerCase(Locale.ROOT);
  }

  /** User code that takes the rows instead of a sink plugin reads no sink options: refuse them rather than drop them. */
  static void checkForeachBatchOptions(QuerySpec spec) {
    if (spec.foreachBatch().isPresent() && !spec.sinkOptions().isEmpty()) {
      throw new AnalysisException("foreachBatch takes no sink options, but " + spec.sinkOptions().keySet()
          + " were given; only checkpointLocation applies");
    }
    if (spec.foreachWriter().isPresent() && !spec.sinkOptions().isEmpty()) {
      throw new AnalysisException("foreach(writer) takes no sink options, but " + spec.sinkOptions().keySet()
          + " were given; only checkpointLocation applies (a job file's writer class gets its options instead)");
    }
  }
}
