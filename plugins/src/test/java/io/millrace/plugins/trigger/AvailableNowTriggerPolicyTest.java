package io.millrace.plugins.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.Options;
import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import org.junit.jupiter.api.Test;

class AvailableNowTriggerPolicyTest {

  private static TriggerPolicy policy() {
    return new AvailableNowTriggerPolicyProvider().create(Options.empty("trigger 'availableNow'"));
  }

  @Test
  void boundsTheRunToTheDataThereAtStart() {
    assertThat(policy().boundedToDataAtStart()).isTrue();
  }

  @Test
  void runsBackToBackWhileBatchesRunAndStopsAtTheFirstTriggerWithoutData() {
    ManualTriggerLoop loop = new ManualTriggerLoop(policy(), 0);
    loop.step(10, true);
    loop.step(20, true);
    loop.step(5, true);
    loop.step(1, false);
    TriggerDecision last = loop.step(1, false);

    assertThat(loop.starts()).containsExactly(0L, 10L, 30L, 35L);
    assertThat(last.isStop()).isTrue();
    assertThat(last.reason()).startsWith("availableNow:");
  }

  @Test
  void stopsAfterTheFirstTriggerWhenThereWasNothingToRead() {
    ManualTriggerLoop loop = new ManualTriggerLoop(policy(), 0);
    loop.step(1, false);
    assertThat(loop.step(1, false).isStop()).isTrue();
    assertThat(loop.starts()).hasSize(1);
  }
}
