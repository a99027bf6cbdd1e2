package io.millrace.runtime.time;

import static io.millrace.api.functions.current_timestamp;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.advanceManualClock;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkNewAnswer;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamTest.testStream;

import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.api.testing.ManualClock;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import org.junit.jupiter.api.Test;

/** A session's manual clock decides when a processing-time trigger fires and what a batch's timestamp is. */
class ManualClockTriggerTest {

  @Test
  void aProcessingTimeTriggerFiresOnlyWhenTheClockReachesItsInterval() {
    ManualClock clock = new ManualClock(1_000_000);
    try (MemoryStream stream = MemoryStream.create(Schema.parse("id LONG"));
        MillraceSession session = MillraceSession.builder().clock(clock).build()) {
      stream.addData(Row.of(1L));
      testStream(stream.toDataset(session).withColumn("at", current_timestamp())).run(
          startStream(Trigger.processingTime("10 seconds"), clock),
          checkAnswer(Row.of(1L, 1_000_000_000L)), // the first trigger fires at start
          addData(stream, Row.of(2L)),
          checkNewAnswer(), // the query waits on the clock, which stands still: no batch
          advanceManualClock(10_000),
          checkNewAnswer(Row.of(2L, 1_010_000_000L)));
    }
  }
}
