package io.millrace.plugins.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DefaultTriggerPolicyTest {

  private static TriggerPolicy policy(Map<String, String> options) {
    return new DefaultTriggerPolicyProvider().create(Options.of("trigger 'default'", options));
  }

  @Test
  void runsAtOnceAfterABatchAndPollsAfterAnIdleTrigger() {
    TriggerPolicy policy = policy(Map.of());
    assertThat(policy.next(TriggerState.initial(500)).runAtMillis()).isEqualTo(500);
    assertThat(policy.next(new TriggerState(1, 500, 620, true)).runAtMillis()).isEqualTo(620);
    assertThat(policy.next(new TriggerState(2, 620, 621, false)).runAtMillis()).isEqualTo(631);
    assertThat(policy.boundedToDataAtStart()).isFalse();
  }

  @Test
  void theIdlePollIntervalIsAnOption() {
    TriggerPolicy policy = policy(Map.of("idlePollInterval", "250ms"));
    assertThat(policy.next(new TriggerState(1, 0, 5, false)).runAtMillis()).isEqualTo(255);
  }

  @Test
  void itNeverStops() {
    ManualTriggerLoop loop = new ManualTriggerLoop(policy(Map.of()), 0);
    for (int tick = 0; tick < 1_000; tick++) {
      assertThat(loop.step(3, tick % 3 == 0).isStop()).isFalse();
    }
    assertThat(loop.starts()).hasSize(1_000);
  }

  @Test
  void aBadIdlePollIntervalIsRefused() {
    for (String bad : new String[] {"0", "soon"}) {
      assertThatThrownBy(() -> policy(Map.of("idlePollInterval", bad)))
          .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("idlePollInterval"));
    }
  }
}
