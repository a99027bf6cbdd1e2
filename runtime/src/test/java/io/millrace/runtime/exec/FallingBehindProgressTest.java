package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The progress of a batch that outlasts its trigger interval says the query is falling behind. */
class FallingBehindProgressTest {
  private static final String STREAM = "falling-behind-input";

  @AfterEach
  void forget() {
    MemoryStream.remove(STREAM);
  }

  /** The first batch's progress; the next trigger of a long interval is too far off to wait for. */
  private static StreamingQueryProgress firstProgress(StreamingQuery q) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (q.lastProgress() == null && System.nanoTime() < deadline) {
      q.exception().ifPresent(e -> {
        throw e;
      });
      Thread.sleep(10);
    }
    assertThat(q.lastProgress()).as("the first batch's progress").isNotNull();
    return q.lastProgress();
  }

  @Test
  void aBatchLongerThanItsTriggerIntervalIsReportedInItsProgress() throws Exception {
    MemoryStream input = MemoryStream.create(STREAM, Schema.parse("id LONG"));
    input.addData(List.of(Row.of(1L)));
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery q = s.readStream().format("memory").option("name", STREAM).load()
          .writeStream().trigger(Trigger.processingTime("50 milliseconds"))
          // The batch outlasts its 50 ms interval whatever the machine: it sleeps longer than that.
          .foreachBatch((batch, id) -> Thread.sleep(200))
          .start();
      StreamingQueryProgress p = firstProgress(q);
      q.stop();

      assertThat(p.batchDuration()).isGreaterThan(50);
      assertThat(p.fallingBehind()).startsWith("batch 0 took ").endsWith("longer than its trigger interval of 50 ms");
      assertThat(p.json()).contains("\"fallingBehind\":\"batch 0 took ");
    }
  }

  @Test
  void aBatchWithinItsIntervalSaysNothing() throws Exception {
    MemoryStream input = MemoryStream.create(STREAM, Schema.parse("id LONG"));
    input.addData(List.of(Row.of(1L)));
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery q = s.readStream().format("memory").option("name", STREAM).load()
          .writeStream().trigger(Trigger.processingTime("1 minute")).foreachBatch((batch, id) -> { })
          .start();
      StreamingQueryProgress p = firstProgress(q);
      q.stop();

      assertThat(p.fallingBehind()).isNull();
      assertThat(p.json()).doesNotContain("fallingBehind");
    }
  }
}
