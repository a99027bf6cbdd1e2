package io.millrace.bench;

import io.millrace.api.state.FlatMapGroupsWithStateFunction;
import io.millrace.api.state.GroupState;
import io.millrace.bench.TwsSessionizer.Session;
import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * ../shared/spark-baseline's {@code FmgwsSessionizer} (its sessions benchmark, {@code --impl
 * fmgws}), on Millrace's API: the key's open sessions as its one state value, the timeout at the
 * smallest open end - 1 (an event-time timeout fires only once the watermark is strictly past it,
 * so sessions close at end <= watermark as in the other two ways of writing the query). Input rows
 * are {@code key, ts, amount, sessionEndTs}; output rows are {@link TwsSessionizer#OUTPUT}.
 */
final class FmgwsSessionizer implements FlatMapGroupsWithStateFunction<FmgwsSessionizer.OpenSessions> {
  /** The state: a key's open sessions, by start. */
  record OpenSessions(List<Session> sessions) {}

  private final long gapMs;

  FmgwsSessionizer(long gapMs) {
    this.gapMs = gapMs;
  }

  @Override
  public Iterator<Row> call(Row key, Iterator<Row> rows, GroupState<OpenSessions> state) {
    List<Session> sessions = state.exists() ? new ArrayList<>(state.get().sessions()) : new ArrayList<>();
    if (!state.hasTimedOut()) {
      sessions = TwsSessionizer.merge(sessions, rows, gapMs);
    }
    List<Row> out = TwsSessionizer.closeUpTo(key.getString(0), sessions, state.getCurrentWatermarkMs());
    if (sessions.isEmpty()) {
      state.remove();
    } else {
      state.update(new OpenSessions(sessions));
      state.setTimeoutTimestamp(TwsSessionizer.minEnd(sessions) - 1);
    }
    return out.iterator();
  }
}
