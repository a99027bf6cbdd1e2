package io.millrace.plugins.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OnceTriggerPolicyTest {

  private static TriggerPolicy policy() {
    return new OnceTriggerPolicyProvider().create(Options.empty("trigger 'once'"));
  }

  @Test
  void runsOneTriggerAtOnceThenStops() {
    ManualTriggerLoop loop = new ManualTriggerLoop(policy(), 42);
    assertThat(loop.step(100, true).runAtMillis()).isEqualTo(42);
    TriggerDecision after = loop.step(100, true);
    assertThat(after.isStop()).isTrue();
    assertThat(after.reason()).isEqualTo("once: the one trigger ran a batch");
    assertThat(loop.starts()).containsExactly(42L);
  }

  @Test
  void stopsEvenWhenTheOneTriggerFoundNoData() {
    ManualTriggerLoop loop = new ManualTriggerLoop(policy(), 0);
    loop.step(1, false);
    TriggerDecision after = loop.step(1, false);
    assertThat(after.isStop()).isTrue();
    assertThat(after.reason()).contains("no new data");
    assertThat(policy().boundedToDataAtStart()).isFalse();
  }

  @Test
  void optionsAreRefused() {
    assertThatThrownBy(() -> new OnceTriggerPolicyProvider().create(Options.of("trigger 'once'", Map.of("interval", "1s"))))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("option 'interval' of trigger 'once' is not known");
  }
}
