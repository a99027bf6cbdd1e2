package io.millrace.bench;

import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.ListState;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * ../shared/spark-baseline's {@code TwsSessionizer} (its sessions benchmark, {@code --impl tws}),
 * on Millrace's API: a list of open sessions per key and one event-time timer per key at the
 * smallest open end. The input rows are {@code key, ts, amount, sessionEndTs}; a session is
 * emitted once the watermark reaches its end. The same code as the runtime's sessions test, kept
 * here so the benchmark does not depend on test classes.
 */
final class TwsSessionizer extends StatefulProcessor<Row, Row, Row> {
  static final Schema OUTPUT = Schema.parse("key STRING, sessionStart TIMESTAMP, sessionEnd TIMESTAMP,"
      + " events LONG, total DOUBLE");

  /** One open session: [start, end] in epoch ms, end = last event + gap; amounts in cents. */
  record Session(long start, long end, long count, long cents) {}

  private final long gapMs;
  private ListState<Session> open;

  TwsSessionizer(long gapMs) {
    this.gapMs = gapMs;
  }

  @Override
  public void init(OutputMode outputMode, TimeMode timeMode) {
    open = getHandle().getListState("open", StateCodecs.record(Session.class));
  }

  @Override
  public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues timerValues) {
    List<Session> before = load();
    long oldTimer = minEnd(before);
    List<Session> sessions = merge(before, rows, gapMs);
    List<Row> out = closeUpTo(key.getString(0), sessions, timerValues.getCurrentWatermarkInMs());
    store(sessions, oldTimer);
    return out.iterator();
  }

  @Override
  public Iterator<Row> handleExpiredTimer(Row key, TimerValues timerValues, ExpiredTimerInfo expired) {
    List<Session> sessions = load();
    List<Row> out = closeUpTo(key.getString(0), sessions, timerValues.getCurrentWatermarkInMs());
    if (sessions.isEmpty()) {
      open.clear();
    } else {
      open.put(sessions);
      getHandle().registerTimer(minEnd(sessions));
    }
    return out.iterator();
  }

  private List<Session> load() {
    List<Session> l = new ArrayList<>();
    open.get().forEachRemaining(l::add);
    return l;
  }

  private void store(List<Session> remaining, long oldTimer) {
    long newTimer = minEnd(remaining);
    if (remaining.isEmpty()) {
      open.clear();
    } else {
      open.put(remaining);
    }
    if (newTimer != oldTimer) {
      if (oldTimer != Long.MAX_VALUE) {
        getHandle().deleteTimer(oldTimer);
      }
      if (newTimer != Long.MAX_VALUE) {
        getHandle().registerTimer(newTimer);
      }
    }
  }

  /**
   * The key's open sessions with its new events ({@code key, ts, amount, ...}) merged in, by start,
   * as Spark's session merge: start <= end joins. Shared with {@link FmgwsSessionizer}, as the
   * baseline's two sessionizers share theirs.
   */
  static List<Session> merge(List<Session> open, Iterator<Row> rows, long gapMs) {
    List<Session> all = new ArrayList<>(open);
    while (rows.hasNext()) {
      Row r = rows.next();
      long ts = r.getLong(1) / 1000;
      all.add(new Session(ts, ts + gapMs, 1, Math.round(r.getDouble(2) * 100)));
    }
    all.sort((a, b) -> Long.compare(a.start(), b.start()));
    // The session being built in locals, as the baseline's merge grows its current session in
    // place: a new record for every event merged in was 7 % of the fmgws run's allocation.
    List<Session> merged = new ArrayList<>();
    Session first = null;
    boolean grown = false;
    long end = 0;
    long count = 0;
    long cents = 0;
    for (Session s : all) {
      if (first != null && s.start() <= end) {
        grown = true;
        end = Math.max(end, s.end());
        count += s.count();
        cents += s.cents();
        continue;
      }
      if (first != null) {
        merged.add(grown ? new Session(first.start(), end, count, cents) : first);
      }
      first = s;
      grown = false;
      end = s.end();
      count = s.count();
      cents = s.cents();
    }
    if (first != null) {
      merged.add(grown ? new Session(first.start(), end, count, cents) : first);
    }
    return merged;
  }

  /** Moves the sessions with end <= watermark from {@code open} to the returned output rows. */
  static List<Row> closeUpTo(String key, List<Session> open, long watermarkMs) {
    List<Row> out = new ArrayList<>();
    for (Iterator<Session> it = open.iterator(); it.hasNext(); ) {
      Session s = it.next();
      if (s.end() <= watermarkMs) {
        out.add(Row.of(key, s.start() * 1000, s.end() * 1000, s.count(), s.cents() / 100.0));
        it.remove();
      }
    }
    return out;
  }

  static long minEnd(List<Session> open) {
    long m = Long.MAX_VALUE;
    for (Session s : open) {
      m = Math.min(m, s.end());
    }
    return m;
  }
}
