package io.millrace.api.testing;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.window;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.api.testing.ManualClock;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The example of the README's "Testing your queries", as it is printed there. Its rows are
 * Spark 4.0.1's for these steps (see WatermarkAggregationTest, a new start per step).
 */
class ReadmeExampleTest {

  static long at(String hhmm) { // a TIMESTAMP value: microseconds since the epoch
    return Instant.parse("2026-11-30T" + hhmm + ":00Z").toEpochMilli() * 1000;
  }

  static Row counted(String start, String end, long count) {
    return Row.of(Row.of(at(start), at(end)), count);
  }

  @Test
  void countsPerWindowSurviveARestart() {
    ManualClock clock = new ManualClock();
    try (MillraceSession session = MillraceSession.builder().clock(clock).build();
        MemoryStream events = MemoryStream.create(Schema.parse("ts TIMESTAMP"))) {
      Dataset counts = events.toDataset(session)
          .withWatermark("ts", "10 minutes")
          .groupBy(window(col("ts"), "5 minutes")).count();
      Trigger everyMinute = Trigger.processingTime("1 minute");

      testStream(counts, OutputMode.UPDATE).run(
          startStream(everyMinute, clock),
          addData(events, Row.of(at("12:01")), Row.of(at("12:02")), Row.of(at("12:07"))),
          checkAnswer(),                          // no trigger until the clock moves
          advanceManualClock(60_000),
          checkAnswer(counted("12:00", "12:05", 2), counted("12:05", "12:10", 1)),
          stopStream(),
          addData(events, Row.of(at("12:20")), Row.of(at("12:03"))),
          startStream(everyMinute, clock),        // a restart on the same checkpoint
          checkNewAnswer(counted("12:00", "12:05", 3), counted("12:20", "12:25", 1)));
    }
  }
}
