package io.millrace.runtime.exec;

import static io.millrace.api.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.runtime.testplugins.CountingStateStoreFactory;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query that fails in start() after its state stores were opened releases them all, and a
 * stateful query whose stores cannot open leaves no state schema behind to bind the checkpoint.
 */
class FailedStartTest {
  @TempDir Path dir;

  @Test
  void aStatefulQueryWhoseStartFailsClosesItsStoresAndRunsNoMaintenance() throws Exception {
    int opened = CountingStateStoreFactory.OPENED.get();
    int closed = CountingStateStoreFactory.CLOSED.get();
    int maintained = CountingStateStoreFactory.MAINTAINED.get();
    try (MillraceSession session = MillraceSession.builder()
        .config("millrace.state.provider", "counting-state")
        .config("millrace.state.maintenanceInterval", "20ms")
        .build()) {
      assertThatThrownBy(() -> session.readStream().format("failing-listing").load().groupBy("key").count()
          .writeStream().format("memory").option("name", "failed-start-out").outputMode("update")
          .trigger(Trigger.availableNow()).option("checkpointLocation", dir.resolve("ckpt").toString()).start())
          .hasMessageContaining("listing failed");
      Thread.sleep(300); // many maintenance intervals
    }
    int openedNow = CountingStateStoreFactory.OPENED.get() - opened;
    assertThat(openedNow).as("providers opened by the failed start").isZero();
    assertThat(CountingStateStoreFactory.CLOSED.get() - closed).as("providers closed").isEqualTo(openedNow);
    assertThat(CountingStateStoreFactory.MAINTAINED.get() - maintained).as("maintenance passes").isZero();
  }

  @Test
  void aStoreThatCannotOpenLeavesNoSchemaSoACorrectedQueryStartsOnTheCheckpoint() throws Exception {
    Path ckpt = dir.resolve("ckpt-unopenable");
    String input = "unopenable-in-" + UUID.randomUUID();
    MemoryStream.create(input, Schema.parse("key STRING, n LONG"));
    try {
      try (MillraceSession session = MillraceSession.builder().config("millrace.state.provider", "unopenable-state").build()) {
        assertThatThrownBy(() -> session.readStream().format("memory").option("name", input).load().groupBy("key").count()
            .writeStream().format("memory").option("name", "unopenable-out").outputMode("update")
            .option("checkpointLocation", ckpt.toString()).start())
            .hasMessageContaining("unopenable-state cannot open");
      }
      assertThat(ckpt.resolve("state/0/_schema")).as("schema of a query that never ran").doesNotExist();

      try (MillraceSession session = MillraceSession.builder().build()) {
        StreamingQuery corrected = session.readStream().format("memory").option("name", input).load()
            .groupBy("key").agg(sum("n"))
            .writeStream().format("memory").option("name", "unopenable-out-2").outputMode("update")
            .option("checkpointLocation", ckpt.toString()).start();
        corrected.stop();
        assertThat(corrected.exception()).isEmpty();
      }
      assertThat(ckpt.resolve("state/0/_schema")).exists();
    } finally {
      MemoryStream.remove(input);
      MemorySinkTable.remove("unopenable-out");
      MemorySinkTable.remove("unopenable-out-2");
    }
  }
}
