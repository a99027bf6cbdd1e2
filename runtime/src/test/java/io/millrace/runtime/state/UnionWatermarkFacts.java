package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.startStream;

import io.millrace.api.Trigger;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.api.testing.StreamAction;
import io.millrace.spi.data.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Spark 4.0.1's facts for a union of two watermarked streams (a: withWatermark 10 s, b: 20 s)
 * into a 10-second windowed count, under the default min policy: the input of each step and
 * the windows the sink holds after each. Shared by the Java API's test ({@link UnionWatermarkTest})
 * and the job file's, which must give the same rows.
 */
public final class UnionWatermarkFacts {
  private UnionWatermarkFacts() {}

  public static final String SCHEMA = "id LONG, key STRING, ts TIMESTAMP";

  /** Each step's rows of stream a, then of stream b; one processAllAvailable per step. */
  public static final List<List<List<Row>>> STEPS = List.of(
      List.of(List.of(row(1, "a", "00:05"), row(2, "a", "00:30")), List.of(row(101, "b", "00:02"), row(102, "b", "00:08"))),
      List.of(List.of(row(3, "a", "00:45"), row(4, "a", "00:12")), List.of()),
      List.of(List.of(row(5, "a", "00:50")), List.of(row(104, "b", "00:40"), row(105, "b", "00:18"))),
      List.of(List.of(row(6, "a", "01:05"), row(7, "a", "00:25")), List.of(row(106, "b", "01:00"))),
      List.of(List.of(row(8, "a", "01:30")), List.of(row(107, "b", "01:35"))));

  /** Append mode: the sink's windows after each step. */
  public static final List<String> APPEND = List.of("", "",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:30, 00:00:40], 1)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:30, 00:00:40], 1), "
          + "([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), ([00:01:00, 00:01:10], 2)");

  /** Complete mode: the whole table after each step. */
  public static final List<String> COMPLETE = List.of(
      "([00:00:00, 00:00:10], 3), ([00:00:30, 00:00:40], 1)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 1), ([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 1)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:30, 00:00:40], 1), ([00:00:40, 00:00:50], 2), "
          + "([00:00:50, 00:01:00], 1)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:30, 00:00:40], 1), "
          + "([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), ([00:01:00, 00:01:10], 2)",
      "([00:00:00, 00:00:10], 3), ([00:00:10, 00:00:20], 2), ([00:00:20, 00:00:30], 1), ([00:00:30, 00:00:40], 1), "
          + "([00:00:40, 00:00:50], 2), ([00:00:50, 00:01:00], 1), ([00:01:00, 00:01:10], 2), ([00:01:30, 00:01:40], 2)");

  /**
   * The harness's steps over {@link #STEPS}, the query on a processing-time trigger driven by
   * {@code clock} (its session's): each step's rows of both streams are added while the query
   * waits on the clock, so one batch takes them all, as Spark's processAllAvailable after adding
   * to both did; the clock then moves twice, for that batch and for the batch without data the
   * watermark may call for; {@code perStep} gets the sink's windows after each step.
   */
  public static StreamAction[] actions(MemoryStream a, MemoryStream b, ManualClock clock, List<String> perStep) {
    List<StreamAction> actions = new ArrayList<>();
    actions.add(startStream(Trigger.processingTime("1 second"), clock));
    for (List<List<Row>> step : STEPS) {
      if (!step.get(0).isEmpty()) {
        actions.add(addData(a, step.get(0)));
      }
      if (!step.get(1).isEmpty()) {
        actions.add(addData(b, step.get(1)));
      }
      actions.add(advanceManualClock(1000));
      actions.add(advanceManualClock(1000));
      actions.add(checkAnswer(rows -> perStep.add(windows(rows))));
    }
    return actions.toArray(StreamAction[]::new);
  }

  /** The windows of a sink's rows {@code (window, count)}, as the facts write them. */
  public static String windows(List<Row> rows) {
    return rows.stream().map(r -> "([" + mmss(r.getStruct(0).getLong(0)) + ", " + mmss(r.getStruct(0).getLong(1))
        + "], " + r.getLong(1) + ")").sorted().collect(Collectors.joining(", "));
  }

  private static String mmss(long micros) {
    return Instant.ofEpochMilli(micros / 1000).toString().substring(11, 19);
  }

  private static Row row(long id, String key, String mmss) {
    return Row.of(id, key, Instant.parse("2024-01-01T00:" + mmss + "Z").toEpochMilli() * 1000);
  }
}
