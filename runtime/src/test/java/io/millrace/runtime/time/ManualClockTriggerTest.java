package io.millrace.runtime.time;

import static io.millrace.api.functions.current_timestamp;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A session's manual clock decides when a processing-time trigger fires and what a batch's timestamp is. */
class ManualClockTriggerTest {
  private final String input = "in-" + UUID.randomUUID();
  private final String output = "out-" + UUID.randomUUID();

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  @Test
  void aProcessingTimeTriggerFiresOnlyWhenTheClockReachesItsInterval() throws Exception {
    MemoryStream stream = MemoryStream.create(input, Schema.parse("id LONG"));
    ManualClock clock = new ManualClock(1_000_000);
    stream.addData(List.of(Row.of(1L)));
    try (MillraceSession session = MillraceSession.builder().clock(clock).build()) {
      StreamingQuery query = session.readStream().format("memory").option("name", input).load()
          .withColumn("at", current_timestamp())
          .writeStream().format("memory").option("name", output).trigger(Trigger.processingTime("10 seconds"))
          .start();
      awaitRows(1); // the first trigger fires at start
      assertThat(MemorySinkTable.get(output).rows().get(0).getLong(1)).isEqualTo(1_000_000_000L);

      stream.addData(List.of(Row.of(2L)));
      // Time enough for a batch that must not run: the clock stands still, so the trigger waits.
      TimeUnit.MILLISECONDS.sleep(300);
      assertThat(MemorySinkTable.get(output).rows()).hasSize(1);

      clock.advance(10_000);
      awaitRows(2);
      assertThat(MemorySinkTable.get(output).rows().get(1).getLong(1)).isEqualTo(1_010_000_000L);
      query.stop();
    }
  }

  private void awaitRows(int n) throws InterruptedException {
    for (int i = 0; i < 500 && rows() < n; i++) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertThat(rows()).isEqualTo(n);
  }

  private int rows() {
    MemorySinkTable table = MemorySinkTable.get(output);
    return table == null ? 0 : table.rows().size();
  }
}
