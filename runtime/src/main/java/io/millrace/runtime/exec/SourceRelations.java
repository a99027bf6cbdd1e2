package io.millrace.runtime.exec;

import io.millrace.runtime.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The sources of a query: each source relation of its plan once, left to right. The position
 * is the source's index: its line in {@code offsets/N} and its {@code sources/<i>/} directory.
 * One relation reached twice (a dataset unioned with itself) is one source, as in Spark.
 */
final class SourceRelations {
  private SourceRelations() {}

  static List<LogicalPlan.SourceRelation> of(LogicalPlan plan) {
    List<LogicalPlan.SourceRelation> distinct = new ArrayList<>();
    for (LogicalPlan.SourceRelation r : plan.collect(LogicalPlan.SourceRelation.class)) {
      if (indexOf(distinct, r) < 0) {
        distinct.add(r);
      }
    }
    return distinct;
  }

  static int indexOf(List<LogicalPlan.SourceRelation> relations, LogicalPlan.SourceRelation relation) {
    for (int i = 0; i < relations.size(); i++) {
      if (relations.get(i) == relation) {
        return i;
      }
    }
    return -1;
  }
}
