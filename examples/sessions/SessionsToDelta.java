import static io.millrace.api.functions.expr;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
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
 * Sessionization with transformWithState: the sample events (examples/data/events), grouped by
 * key into sessions that close after 30 seconds without an event, each closed session written
 * once to a Delta table. Run it from the repository's root, after ./millrace has built the
 * distribution once (./millrace plugins does):
 *
 *   java -cp "dist/target/millrace/lib/*" examples/sessions/SessionsToDelta.java
 *
 * Arguments, all optional: the input directory, the table, the checkpoint, the plugins directory.
 * A session is [first event, last event + gap]; events exactly 30 seconds apart are one session,
 * as Spark's session_window merges them. A session is written when the watermark (the newest
 * event time less a minute) passes its end, so the newest sessions stay open at the end of the
 * input. examples/sessions-to-delta.yaml computes the same table with session_window.
 */
public final class SessionsToDelta {
  static final long GAP_MS = 30_000;
  static final Schema SESSIONS = Schema.parse(
      "key STRING, sessionStart TIMESTAMP, sessionEnd TIMESTAMP, events LONG, total DOUBLE");

  /** One open session of a key: [start, end] in epoch ms, where end = last event + gap; the amounts in cents. */
  public record Session(long start, long end, long events, long cents) {}

  /**
   * Per key, the open sessions in a list and one event-time timer at the earliest end: when the
   * watermark reaches it, the sessions that ended are emitted and the timer moves to the next.
   */
  public static final class Sessionizer extends StatefulProcessor<Row, Row, Row> {
    private ListState<Session> open;

    @Override
    public void init(OutputMode outputMode, TimeMode timeMode) {
      open = getHandle().getListState("open", StateCodecs.record(Session.class));
    }

    @Override
    public Iterator<Row> handleInputRows(Row key, Iterator<Row> events, TimerValues times) {
      List<Session> sessions = load();
      long timer = earliestEnd(sessions);
      while (events.hasNext()) {
        Row e = events.next(); // key, ts (µs), amount
        long ts = e.getLong(1) / 1000;
        sessions.add(new Session(ts, ts + GAP_MS, 1, Math.round(e.getDouble(2) * 100)));
      }
      sessions = merged(sessions);
      List<Row> closed = closeUpTo(key.getString(0), sessions, times.getCurrentWatermarkInMs());
      save(sessions, timer);
      return closed.iterator();
    }

    @Override
    public Iterator<Row> handleExpiredTimer(Row key, TimerValues times, ExpiredTimerInfo timer) {
      List<Session> sessions = load();
      List<Row> closed = closeUpTo(key.getString(0), sessions, times.getCurrentWatermarkInMs());
      save(sessions, timer.getExpiryTimeInMs()); // the engine removed the fired timer; set the next one
      return closed.iterator();
    }

    private List<Session> load() {
      List<Session> sessions = new ArrayList<>();
      open.get().forEachRemaining(sessions::add);
      return sessions;
    }

    /** Keeps the open sessions and moves the key's timer from {@code oldTimer} to their earliest end. */
    private void save(List<Session> sessions, long oldTimer) {
      long newTimer = earliestEnd(sessions);
      if (sessions.isEmpty()) {
        open.clear();
      } else {
        open.put(sessions);
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
  }

  /** Sessions by start, those that touch ({@code start <= end}) merged into one. */
  static List<Session> merged(List<Session> sessions) {
    sessions.sort((a, b) -> Long.compare(a.start(), b.start()));
    List<Session> out = new ArrayList<>();
    for (Session s : sessions) {
      Session last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && s.start() <= last.end()) {
        out.set(out.size() - 1, new Session(last.start(), Math.max(last.end(), s.end()), last.events() + s.events(),
            last.cents() + s.cents()));
      } else {
        out.add(s);
      }
    }
    return out;
  }

  /** Removes the sessions that ended at or before the watermark from {@code open}, as output rows. */
  static List<Row> closeUpTo(String key, List<Session> open, long watermarkMs) {
    List<Row> closed = new ArrayList<>();
    for (Iterator<Session> it = open.iterator(); it.hasNext(); ) {
      Session s = it.next();
      if (s.end() <= watermarkMs) {
        closed.add(Row.of(key, s.start() * 1000, s.end() * 1000, s.events(), s.cents() / 100.0));
        it.remove();
      }
    }
    return closed;
  }

  static long earliestEnd(List<Session> sessions) {
    return sessions.stream().mapToLong(Session::end).min().orElse(Long.MAX_VALUE);
  }

  public static void main(String[] args) {
    String input = args.length > 0 ? args[0] : "examples/data/events";
    String table = args.length > 1 ? args[1] : "target/tables/sessions";
    String checkpoint = args.length > 2 ? args[2] : "target/checkpoints/sessions-to-delta";
    String plugins = args.length > 3 ? args[3] : "dist/target/millrace/plugins";
    try (MillraceSession session = MillraceSession.builder().config("millrace.plugins.dir", plugins).build()) {
      Dataset events = session.readStream().format("file").schema("ts TIMESTAMP, id LONG, key STRING, amount DOUBLE")
          .option("path", input).option("format", "json").option("maxFilesPerTrigger", 1).load();
      // The watermark follows each event's earliest session end (ts + gap), with the one-minute delay
      // plus the gap: the same watermark as session_window's on ts, and a row is late, as there,
      // when ts + gap is at or before the previous batch's watermark.
      Dataset sessions = events.select("key", "ts", "amount")
          .withColumn("sessionEndTs", expr("ts + INTERVAL 30 SECONDS"))
          .withWatermark("sessionEndTs", "90 seconds")
          .groupByKey("key")
          .transformWithState(Sessionizer::new, TimeMode.EVENT_TIME, OutputMode.APPEND, SESSIONS);
      StreamingQuery query = sessions.writeStream().format("delta").option("path", table)
          .option("checkpointLocation", checkpoint).outputMode(OutputMode.APPEND).trigger(Trigger.availableNow())
          .start();
      query.awaitTermination();
      System.out.print(query.readSinkTable(1000).sorted().show(30, false));
    }
  }
}
