package io.millrace.runtime.exec;

import io.millrace.api.state.ExpiredTimerInfo;
import io.millrace.api.state.ListState;
import io.millrace.api.state.StateCodecs;
import io.millrace.api.state.StatefulProcessor;
import io.millrace.api.state.TimeMode;
import io.millrace.api.state.TimerValues;
import io.millrace.api.state.ValueState;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * Sessions with a 3-minute gap for {@link StatefulCrashChild}: per key, the open session's start
 * and end in a value and its row ids in a list, and one event-time timer at the session's end; a
 * session closes (and is emitted) when its timer fires, or when a row past its end arrives first.
 * Two variables and a timer per key, so a crash between their commits shows if any of them is
 * lost or applied twice.
 */
final class CrashSessionizer extends StatefulProcessor<Row, Row, Row> {
  static final Schema OUTPUT = Schema.parse("key STRING, startMs LONG, endMs LONG, ids STRING");
  private static final long GAP_MS = 3 * 60_000;

  record Span(long startMs, long endMs) {}

  private ValueState<Span> span;
  private ListState<Long> ids;

  @Override
  public void init(OutputMode outputMode, TimeMode timeMode) {
    span = getHandle().getValueState("span", StateCodecs.record(Span.class));
    ids = getHandle().getListState("ids", StateCodecs.value(Long.class));
  }

  @Override
  public Iterator<Row> handleInputRows(Row key, Iterator<Row> rows, TimerValues timerValues) {
    List<Row> sorted = new ArrayList<>();
    rows.forEachRemaining(sorted::add);
    sorted.sort((a, b) -> Long.compare(a.getLong(1), b.getLong(1))); // a key's rows come in no set order
    List<Row> out = new ArrayList<>();
    Span s = span.get();
    long oldEnd = s == null ? Long.MIN_VALUE : s.endMs();
    for (Row r : sorted) {
      long ts = r.getLong(1) / 1000;
      if (s != null && ts > s.endMs()) {
        out.add(close(key, s)); // a row past the gap closes the session before its timer does
        s = null;
      }
      s = s == null ? new Span(ts, ts + GAP_MS) : new Span(s.startMs(), Math.max(s.endMs(), ts + GAP_MS));
      ids.appendValue(r.getLong(2));
    }
    span.update(s);
    if (s.endMs() != oldEnd) {
      if (oldEnd != Long.MIN_VALUE) {
        getHandle().deleteTimer(oldEnd);
      }
      getHandle().registerTimer(s.endMs());
    }
    return out.iterator();
  }

  @Override
  public Iterator<Row> handleExpiredTimer(Row key, TimerValues timerValues, ExpiredTimerInfo expired) {
    Row closed = close(key, span.get());
    span.clear();
    ids.clear();
    return List.of(closed).iterator();
  }

  /** The session as a row, its ids taken out of the list. */
  private Row close(Row key, Span s) {
    List<Long> all = new ArrayList<>();
    ids.get().forEachRemaining(all::add);
    ids.clear();
    Collections.sort(all);
    return Row.of(key.getString(0), s.startMs(), s.endMs(), all.toString());
  }
}
