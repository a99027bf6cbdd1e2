package io.millrace.runtime.exec;

import io.millrace.runtime.Engine;
import io.millrace.runtime.plan.LogicalPlan;
import io.millrace.runtime.plan.StaticTable;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The static tables of one query, each opened once however often the plan is resolved, read
 * before the first batch and again between batches as their refresh intervals say.
 */
final class StaticTables implements AutoCloseable {
  private final Engine engine;
  private final Map<LogicalPlan.StaticRelation, StaticTableRead> tables = new IdentityHashMap<>();

  StaticTables(Engine engine) {
    this.engine = engine;
  }

  /** The table of {@code relation}, opened (not read) on first use. */
  synchronized StaticTable table(LogicalPlan.StaticRelation relation) {
    return tables.computeIfAbsent(relation, r -> StaticTableRead.of(engine, r));
  }

  /**
   * Reads every table that is due, between batches.
   *
   * @return the rows read now, 0 if none was due
   */
  synchronized long refreshIfDue(long nowMillis) {
    long rows = 0;
    for (StaticTableRead t : tables.values()) {
      if (t.refreshIfDue(nowMillis)) {
        rows += t.rowsRead();
      }
    }
    return rows;
  }

  boolean isEmpty() {
    return tables.isEmpty();
  }

  @Override
  public synchronized void close() {
    tables.values().forEach(StaticTableRead::close);
    tables.clear();
  }
}
