package io.millrace.runtime.exec;

import io.millrace.runtime.expr.EventTimeStats;
import io.millrace.runtime.plan.ResolvedPlan;
import io.millrace.runtime.plan.RowPipeline;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps of consecutive stateless operators fused into one pipeline, given bottom-up, with
 * each {@code withWatermark}'s observation of event times placed where Spark's optimizer puts
 * it: after the filters above it that Spark pushes below it (through projections), so that the
 * rows those drop never advance the watermark, and before any other filter, which runs after the
 * observation. A generator ends the search (Spark's inferred filter under explode has been made
 * a filter of its own by the analyzer).
 */
final class FusedSteps {
  private final List<RowPipeline.Step> steps = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  /** The watermark whose observation is not placed yet; null when none. */
  private ResolvedPlan.Watermark pending;
  /**
   * Where its event time is now: the column's name, in the rows of this schema; null once a
   * projection dropped the column (or made a window of it), its value held from before.
   */
  private String column;
  private Schema schema;
  /** Filters that come after the pending observation, in their order. */
  private final List<ResolvedPlan.Stateless> afterObservation = new ArrayList<>();

  void watermark(ResolvedPlan.Watermark w) {
    placeObservation();
    pending = w;
    column = w.column();
    schema = w.schema();
  }

  void stateless(ResolvedPlan.Stateless s) {
    if (pending == null) {
      add(s);
      return;
    }
    switch (s.watermarkRole()) {
      case FILTER_BEFORE_WATERMARK -> add(s);
      case FILTER_AFTER_WATERMARK -> afterObservation.add(s);
      case PROJECTION -> {
        if (!afterObservation.isEmpty()) {
          placeObservation();
          add(s);
        } else if (column == null) {
          add(s); // the time is held already
        } else if (timestampKept(s) != null) {
          add(s); // the observation follows the event time through projections
          column = timestampKept(s);
          schema = s.schema();
        } else {
          // The projection drops the timestamp (or makes a window of it): its value is held from
          // before it, and observed after the filters that Spark pushes below the watermark.
          steps.add(RowPipeline.Step.of(holdEventTime(pending.id(), schema.indexOf(column))));
          column = null;
          add(s);
        }
      }
      case BARRIER -> {
        placeObservation();
        add(s);
      }
      default -> throw new IllegalStateException("unknown watermark role " + s.watermarkRole());
    }
  }

  /** The projection's column that still holds the event time as a timestamp; null if none does. */
  private static String timestampKept(ResolvedPlan.Stateless projection) {
    for (ResolvedPlan.EventTime e : projection.eventTimes()) {
      if (projection.schema().field(projection.schema().indexOf(e.column())).type() == DataType.TIMESTAMP) {
        return e.column();
      }
    }
    return null;
  }

  /** The steps, every observation placed. */
  List<RowPipeline.Step> steps() {
    placeObservation();
    return steps;
  }

  /** The operators' names, in the steps' order. */
  List<String> names() {
    placeObservation();
    return names;
  }

  private void add(ResolvedPlan.Stateless s) {
    steps.add(s.step());
    names.add(s.name());
  }

  private void placeObservation() {
    if (pending == null) {
      return;
    }
    steps.add(RowPipeline.Step.of(column == null ? observeHeldEventTime(pending.id())
        : observeEventTime(pending.id(), schema.indexOf(column))));
    names.add("EventTimeWatermark(" + pending.column() + ", " + pending.delayMillis() + " ms)");
    pending = null;
    afterObservation.forEach(this::add);
    afterObservation.clear();
  }

  /** Holds each row's event time for {@link #observeHeldEventTime}; the row passes unchanged. */
  private static RowPipeline.Stage holdEventTime(int watermark, int column) {
    return (row, context) -> {
      EventTimeStats stats = context.eventTimeStats(watermark);
      if (stats != null) {
        stats.hold(row.get(column));
      }
      return row;
    };
  }

  /** Records the event time held for each row that reaches it; the row passes unchanged. */
  private static RowPipeline.Stage observeHeldEventTime(int watermark) {
    return (row, context) -> {
      EventTimeStats stats = context.eventTimeStats(watermark);
      if (stats != null) {
        stats.observeHeld();
      }
      return row;
    };
  }

  /** Records each row's event time for the next watermark; the row passes unchanged. */
  private static RowPipeline.Stage observeEventTime(int watermark, int column) {
    return (row, context) -> {
      Object t = row.get(column);
      EventTimeStats stats = context.eventTimeStats(watermark);
      if (t != null && stats != null) {
        stats.observe((Long) t);
      }
      return row;
    };
  }
}
