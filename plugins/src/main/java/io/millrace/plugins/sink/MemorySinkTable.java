package io.millrace.plugins.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows the {@code memory} sink wrote for one query, by table name, in a JVM-wide registry.
 *
 * <p>The table remembers the last batch id it wrote, and a batch whose id is not after it is
 * skipped and counted: that is what makes the sink exactly-once within the process, across
 * restarts of the query and fresh sink instances. A query with another query id (a new
 * checkpoint) that writes to the same name starts a new, empty table, as in Spark. Every
 * method is thread-safe; the getters return snapshots.
 */
public final class MemorySinkTable {
  private static final Map<String, MemorySinkTable> TABLES = new ConcurrentHashMap<>();

  private final String name;
  private final Schema schema;
  private final String queryId;
  private final List<Row> rows = new ArrayList<>();
  private final List<Long> batchIds = new ArrayList<>();
  /** Rows of task writers that committed, by id, until their batch commits or aborts. */
  private final Map<String, List<Row>> staged = new HashMap<>();
  private long lastBatchId = -1;
  private long addBatchCalls;
  private long skippedBatches;

  private MemorySinkTable(String name, Schema schema, String queryId) {
    this.name = name;
    this.schema = schema;
    this.queryId = queryId;
  }

  /**
   * The table {@code name}.
   *
   * @throws IllegalArgumentException listing the existing tables if there is none
   */
  public static MemorySinkTable get(String name) {
    return find(name).orElseThrow(() -> new IllegalArgumentException(
        "no memory sink table named '" + name + "'; existing tables: " + (TABLES.isEmpty() ? "none" : String.join(", ", new TreeSet<>(TABLES.keySet())))));
  }

  /** The table {@code name}, if a memory sink has written to it. */
  public static Optional<MemorySinkTable> find(String name) {
    return Optional.ofNullable(name == null ? null : TABLES.get(name));
  }

  /** Forgets the table {@code name}, if there is one. */
  public static void remove(String name) {
    if (name != null) {
      TABLES.remove(name);
    }
  }

  /**
   * The table a sink of query {@code queryId} writes: the existing one if the same query
   * wrote it (a restart), else a new empty one.
   *
   * @throws IllegalStateException if the same query now writes rows of another schema
   */
  static MemorySinkTable forQuery(String name, Schema schema, String queryId) {
    return TABLES.compute(name, (key, existing) -> {
      if (existing == null || !existing.queryId.equals(queryId)) {
        return new MemorySinkTable(name, schema, queryId);
      }
      if (!existing.schema.equals(schema)) {
        throw new IllegalStateException("memory sink table '" + name + "' holds rows of '" + existing.schema.toDdl()
            + "' but query " + queryId + " now writes '" + schema.toDdl() + "'; remove the table or use another name");
      }
      return existing;
    });
  }

  /**
   * Writes batch {@code batchId}: appends its rows, or with {@code replace} (complete mode)
   * makes them the whole table.
   *
   * @return false if the batch was skipped because a batch with this or a later id was written
   */
  synchronized boolean write(long batchId, List<Row> batchRows, boolean replace) {
    addBatchCalls++;
    if (batchId <= lastBatchId) {
      skippedBatches++;
      return false;
    }
    if (replace) {
      rows.clear();
    }
    rows.addAll(batchRows);
    batchIds.add(batchId);
    lastBatchId = batchId;
    return true;
  }

  /** Holds a task's rows, invisible, until {@link #unstage} takes them for their batch's commit or abort. */
  synchronized void stage(String id, List<Row> taskRows) {
    staged.put(id, taskRows);
  }

  /**
   * Takes the staged rows of {@code ids}, in their order.
   *
   * @throws IllegalStateException naming the id if this table never staged it (another process's, or taken already)
   */
  synchronized List<Row> unstage(List<String> ids) {
    for (String id : ids) {
      if (!staged.containsKey(id)) {
        throw new IllegalStateException(this + " has no staged rows '" + id + "': a task writer of another process"
            + " or a batch committed twice with the same messages");
      }
    }
    List<Row> out = new ArrayList<>();
    for (String id : ids) {
      out.addAll(staged.remove(id));
    }
    return out;
  }

  /** Drops the staged rows of {@code ids} that are still here: an abort takes back what it can. */
  synchronized void discard(List<String> ids) {
    ids.forEach(staged::remove);
  }

  /** How many tasks' rows wait for their batch's commit or abort. */
  public synchronized int stagedTasks() {
    return staged.size();
  }

  public String name() {
    return name;
  }

  /** The schema of the rows. */
  public Schema schema() {
    return schema;
  }

  /** A copy of the rows, batch after batch, each batch in the order it was given. */
  public synchronized List<Row> rows() {
    return List.copyOf(rows);
  }

  /** The ids of the batches written, in order; skipped batches are not listed. */
  public synchronized List<Long> batchIds() {
    return List.copyOf(batchIds);
  }

  /** How often a sink called {@code addBatch} on this table, skipped batches included. */
  public synchronized long addBatchCalls() {
    return addBatchCalls;
  }

  /** How many {@code addBatch} calls were skipped because their batch id was already written. */
  public synchronized long skippedBatches() {
    return skippedBatches;
  }

  synchronized long lastBatchId() {
    return lastBatchId;
  }

  synchronized int size() {
    return rows.size();
  }

  @Override
  public String toString() {
    return "memory sink table '" + name + "'";
  }
}
