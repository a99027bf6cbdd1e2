package io.millrace.runtime.state;

import io.millrace.runtime.expr.EvalContext;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges one key's rows of a batch into its stored sessions, as Spark's MergingSessionsIterator:
 * a row alone is the session {@code [ts, ts + gap)}, and taken by start (a stored session before
 * rows of its start, rows of one time in input order) a session joins the one before it when it
 * starts at or before that one's end, the end becoming the larger one.
 *
 * <p>One per state task, reused from key to key. A row joining a session is folded in through
 * one scratch buffer, the running values of that row alone merged into the session's, which is
 * what a session of its own merged in would add; a session object, a buffer and a list slot per
 * row were most of the merge's time on the sessions benchmark.
 */
final class SessionMerge {
  /** How many rows {@link #sortByTime} orders by insertion before it merges. */
  private static final int RUN = 32;

  /** A session of one key: stored (under {@code storedStart}) or made of this batch's rows. */
  static final class Session {
    final long start;
    long end;
    final AggBuffer buffer;
    /** The start it is stored under, or Long.MIN_VALUE for one not stored. */
    final long storedStart;
    /** Whether it differs from what is stored under its start: new rows or other sessions merged in. */
    boolean changed;
    /** The stored starts merged into it, to remove. */
    List<Long> absorbed;

    Session(long start, long end, AggBuffer buffer, long storedStart) {
      this.start = start;
      this.end = end;
      this.buffer = buffer;
      this.storedStart = storedStart;
      this.changed = storedStart == Long.MIN_VALUE;
    }

    void absorb(Session stored) {
      if (absorbed == null) {
        absorbed = new ArrayList<>();
      }
      absorbed.add(stored.storedStart);
    }
  }

  private final AggregationPlan plan;
  private final long gap;
  private final AggBuffer rowAlone;
  /** The key's rows' session times, in input order, and the order to take them in. */
  private long[] times = new long[64];
  private int[] order = new int[64];
  /** Where {@link #sortByTime} merges into; grows with {@link #order}. */
  private int[] mergeScratch = new int[0];

  SessionMerge(AggregationPlan plan) {
    this.plan = plan;
    this.gap = plan.sessionGapMicros();
    this.rowAlone = plan.newBuffer();
  }

  /**
   * The key's sessions, {@code stored} (by start) with rows {@code [from, to)} of {@code input}
   * merged in, by start.
   */
  List<Session> merge(List<Session> stored, KeyGroupedInput input, int from, int to, EvalContext context) {
    int n = to - from;
    if (times.length < n) {
      times = new long[Math.max(n, times.length * 2)];
      order = new int[times.length];
    }
    boolean inOrder = true;
    for (int i = 0; i < n; i++) {
      long ts = plan.sessionTime(input.row(from + i), context); // not null: the map side dropped those
      times[i] = ts;
      order[i] = i;
      inOrder &= i == 0 || ts >= times[i - 1];
    }
    if (!inOrder) {
      sortByTime(n);
    }
    List<Session> merged = new ArrayList<>(stored.size() + 2);
    Session current = null;
    int s = 0;
    int r = 0;
    while (s < stored.size() || r < n) {
      if (r == n || s < stored.size() && stored.get(s).start <= times[order[r]]) {
        Session next = stored.get(s++);
        if (current != null && next.start <= current.end) {
          current.end = Math.max(current.end, next.end);
          plan.merge(current.buffer, next.buffer);
          current.changed = true;
          current.absorb(next);
        } else {
          current = next;
          merged.add(next);
        }
      } else {
        int i = order[r++];
        long ts = times[i];
        Row row = input.row(from + i);
        if (current != null && ts <= current.end) {
          current.end = Math.max(current.end, ts + gap);
          plan.clear(rowAlone);
          plan.update(rowAlone, row, context);
          plan.merge(current.buffer, rowAlone);
          current.changed = true;
        } else {
          AggBuffer buffer = plan.newBuffer();
          plan.update(buffer, row, context);
          current = new Session(ts, ts + gap, buffer, Long.MIN_VALUE);
          merged.add(current);
        }
      }
    }
    return merged;
  }

  /**
   * Orders the first {@code n} rows by time, rows of one time in input order: runs of
   * {@link #RUN} by insertion, then merged bottom-up, both stable. Not {@code Arrays.sort} of
   * boxed indexes: a key's 50 rows a batch on the sessions benchmark took that path, a third of
   * session_window's samples, and sharing the JDK's TimSort with other sorts had the JIT compile
   * it again and again.
   */
  private void sortByTime(int n) {
    for (int lo = 0; lo < n; lo += RUN) {
      insertionSort(lo, Math.min(lo + RUN, n));
    }
    if (n <= RUN) {
      return;
    }
    if (mergeScratch.length < n) {
      mergeScratch = new int[order.length];
    }
    int[] from = order;
    int[] to = mergeScratch;
    for (int width = RUN; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int a = lo;
        int b = mid;
        for (int k = lo; k < hi; k++) {
          to[k] = a < mid && (b >= hi || times[from[a]] <= times[from[b]]) ? from[a++] : from[b++];
        }
      }
      int[] swap = from;
      from = to;
      to = swap;
    }
    if (from != order) {
      System.arraycopy(from, 0, order, 0, n);
    }
  }

  private void insertionSort(int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
      int row = order[i];
      int j = i - 1;
      while (j >= lo && times[order[j]] > times[row]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = row;
    }
  }
}
