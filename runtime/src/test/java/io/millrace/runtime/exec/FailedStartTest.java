package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.Trigger;
import io.millrace.runtime.testplugins.CountingStateStoreFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A query that fails in start() after its state stores were opened releases them all. */
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
}
