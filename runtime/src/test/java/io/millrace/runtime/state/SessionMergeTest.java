package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.collect_list;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.first;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.session_window;
import static io.millrace.api.functions.stddev;
import static io.millrace.api.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.ApiExpressions;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.runtime.state.SessionMerge.Session;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link SessionMerge} folds a key's rows into its sessions without an object per row; it must
 * give what merging each row as a session of its own gives (Spark's MergingSessionsIterator, as
 * this engine did it before): the same sessions, the same stored ones absorbed, and running
 * values equal to the last bit (a standard deviation's running moments, a first value and a
 * collected list in input order included) for rows in and out of time order, few and many.
 */
class SessionMergeTest {
  private static final Schema INPUT = Schema.parse("k STRING, ts TIMESTAMP, n BIGINT, x DOUBLE");
  private static final long GAP = 10_000_000L;
  private static final Double[] DOUBLES = {null, 0.0, -0.0, 1.5, -2.25, 1e300, 3.1, 0.1};
  private static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(0);

  private final AggregationPlan plan = plan(count(col("n")), sum(col("x")), stddev(col("x")), first(col("x")),
      collect_list(col("n")), max(col("x")));

  @Test
  void mergesAsEveryRowASessionOfItsOwnWould() {
    SplittableRandom random = new SplittableRandom(35);
    SessionMerge merge = new SessionMerge(plan);
    for (int round = 0; round < 2_000; round++) {
      List<Row> earlier = rows(random, 1 + random.nextInt(6), 0);
      List<Session> stored = stored(reference(List.of(), earlier));
      int n = random.nextInt(4) == 0 ? 33 + random.nextInt(200) : 1 + random.nextInt(32); // both sorts
      boolean inOrder = random.nextInt(3) == 0;
      List<Row> rows = rows(random, n, inOrder ? 1 : 0);
      KeyGroupedInput input = input(rows);

      List<Session> expected = reference(stored(reference(List.of(), earlier)), rows);
      List<Session> actual = merge.merge(stored, input, input.rowsFrom(0), input.rowsTo(0), CONTEXT);

      assertThat(describe(actual)).as("round %d, %d rows", round, n).isEqualTo(describe(expected));
    }
  }

  @Test
  void eachKeyOfABatchMergesItsOwnRows() {
    SplittableRandom random = new SplittableRandom(36);
    SessionMerge merge = new SessionMerge(plan);
    for (int round = 0; round < 200; round++) {
      int keys = 2 + random.nextInt(4);
      List<List<Row>> byKey = new ArrayList<>();
      RoutedRows.Bucket[] buckets = {new RoutedRows.Bucket(), new RoutedRows.Bucket()};
      for (int k = 0; k < keys; k++) {
        byKey.add(new ArrayList<>());
      }
      for (int i = 0, n = 1 + random.nextInt(120); i < n; i++) { // keys interleaved over two buckets
        int k = random.nextInt(keys);
        Row row = row(random.nextInt(200), (long) i, (double) i);
        byKey.get(k).add(row);
        byte[] key = {1, (byte) k};
        buckets[random.nextInt(2)].add(row, key, key.length);
      }
      KeyGroupedInput input = new KeyGroupedInput(buckets);
      for (int g = 0; g < input.keys(); g++) {
        int k = input.key(g)[1];
        List<Row> rows = new ArrayList<>();
        for (int i = input.rowsFrom(g); i < input.rowsTo(g); i++) {
          rows.add(input.row(i));
        }
        List<Session> expected = reference(List.of(), rows);
        assertThat(rows).as("group %d is key %d's rows", g, k).containsExactlyInAnyOrderElementsOf(byKey.get(k));
        assertThat(describe(merge.merge(List.of(), input, input.rowsFrom(g), input.rowsTo(g), CONTEXT)))
            .as("round %d, key %d", round, k).isEqualTo(describe(expected));
      }
    }
  }

  @Test
  void aStoredSessionGoesBeforeRowsOfItsStartAndRowsOfOneTimeKeepTheirOrder() {
    List<Session> stored = stored(reference(List.of(), List.of(row(100, 1, 1.0))));
    List<Row> rows = List.of(row(100, 2, 2.0), row(50, 3, 3.0), row(100, 4, 4.0), row(110, 5, 5.0));
    KeyGroupedInput input = input(rows);

    List<Session> merged = new SessionMerge(plan).merge(stored, input, input.rowsFrom(0), input.rowsTo(0), CONTEXT);

    // [50, 60) joins nothing before it; the stored [100, 110) takes the rows at 100 after its own, and the
    // row at 110, exactly its end, which makes it [100, 120). Sample stddev of 1, 2, 4, 5: sqrt(10 / 3).
    assertThat(describe(merged)).containsExactly(
        "[50s, 60s) stored=-1 absorbed=null changed=true [1, 3.0, null, 3.0, [3], 3.0]",
        "[100s, 120s) stored=100 absorbed=null changed=true [4, 12.0, " + Math.sqrt(10.0 / 3) + ", 1.0, [1, 2, 4, 5], "
            + "5.0]");
  }

  /** The merge as it was: each row a session of its own, all sorted by start (stored first), then joined. */
  private List<Session> reference(List<Session> stored, List<Row> rows) {
    List<Session> all = new ArrayList<>(stored);
    for (Row r : rows) {
      long ts = plan.sessionTime(r, CONTEXT);
      AggBuffer buffer = plan.newBuffer();
      plan.update(buffer, r, CONTEXT);
      all.add(new Session(ts, ts + GAP, buffer, Long.MIN_VALUE));
    }
    all.sort((a, b) -> Long.compare(a.start, b.start));
    List<Session> merged = new ArrayList<>();
    Session current = null;
    for (Session s : all) {
      if (current != null && s.start <= current.end) {
        current.end = Math.max(current.end, s.end);
        plan.merge(current.buffer, s.buffer);
        current.changed = true;
        if (s.storedStart != Long.MIN_VALUE) {
          current.absorb(s);
        }
      } else {
        current = s;
        merged.add(s);
      }
    }
    return merged;
  }

  /** The sessions as the store would give them back: stored under their starts, unchanged, each a buffer of its own. */
  private List<Session> stored(List<Session> sessions) {
    List<Session> stored = new ArrayList<>();
    for (Session s : sessions) {
      stored.add(new Session(s.start, s.end, plan.buffer(plan.stateRow(s.buffer)), s.start));
    }
    return stored;
  }

  private List<String> describe(List<Session> sessions) {
    List<String> out = new ArrayList<>();
    for (Session s : sessions) {
      Row result = plan.sessionOutput(Row.of("a"), s.start, s.end, s.buffer);
      List<Object> values = new ArrayList<>();
      for (int i = 2; i < result.size(); i++) {
        values.add(result.get(i));
      }
      out.add("[" + s.start / 1_000_000 + "s, " + s.end / 1_000_000 + "s) stored="
          + (s.storedStart == Long.MIN_VALUE ? -1 : s.storedStart / 1_000_000) + " absorbed=" + s.absorbed
          + " changed=" + s.changed + " " + values);
    }
    return out;
  }

  /** {@code n} rows of one key within a few gaps of each other, times in order when {@code inOrder} is 1. */
  private static List<Row> rows(SplittableRandom random, int n, int inOrder) {
    List<Row> rows = new ArrayList<>();
    long t = random.nextInt(40);
    for (int i = 0; i < n; i++) {
      long ts = inOrder == 1 ? (t += random.nextInt(12)) : random.nextInt(20 + 3 * n);
      rows.add(row(ts, random.nextInt(4) == 0 ? null : (long) random.nextInt(100),
          DOUBLES[random.nextInt(DOUBLES.length)]));
    }
    return rows;
  }

  private static Row row(long seconds, Long n, Double x) {
    return Row.of("a", seconds * 1_000_000L, n, x);
  }

  private static Row row(long seconds, long n, double x) {
    return row(seconds, (Long) n, (Double) x);
  }

  private static KeyGroupedInput input(List<Row> rows) {
    RoutedRows.Bucket bucket = new RoutedRows.Bucket();
    byte[] key = {1, 'a'};
    for (Row r : rows) {
      bucket.add(r, key, key.length);
    }
    return new KeyGroupedInput(new RoutedRows.Bucket[] {bucket});
  }

  private static AggregationPlan plan(Column... aggregates) {
    List<Expression> aggs = Stream.of(aggregates).map(c -> ApiExpressions.of(c.node())).toList();
    return AggregationPlan.bind(List.of(ApiExpressions.of(col("k").node()),
        ApiExpressions.of(session_window(col("ts"), "10 seconds").node())), aggs, INPUT, Optional.empty());
  }
}
