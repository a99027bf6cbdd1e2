package io.millrace.plugins.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessingTimeTriggerPolicyTest {

  private static TriggerPolicy every(String interval) {
    return new ProcessingTimeTriggerPolicyProvider().create(Options.of("trigger 'processingTime'", Map.of("interval", interval)));
  }

  private static long nextAfterStartAt(TriggerPolicy policy, long lastStart, long now) {
    TriggerDecision decision = policy.next(new TriggerState(1, lastStart, now, true));
    assertThat(decision.isStop()).isFalse();
    return decision.runAtMillis();
  }

  @Test
  void theFirstTriggerRunsAtOnce() {
    assertThat(every("100ms").next(TriggerState.initial(1_234)).runAtMillis()).isEqualTo(1_234);
  }

  @Test
  void theNextTriggerStartsAtTheFirstBoundaryAfterTheLastStart() {
    TriggerPolicy policy = every("100ms");
    assertThat(nextAfterStartAt(policy, 0, 0)).isEqualTo(100);
    assertThat(nextAfterStartAt(policy, 99, 99)).isEqualTo(100);
    assertThat(nextAfterStartAt(policy, 100, 100)).isEqualTo(200);
    assertThat(nextAfterStartAt(policy, 0, 30)).isEqualTo(100);
    assertThat(nextAfterStartAt(every("1 second"), 1_700_000_000_500L, 1_700_000_000_600L)).isEqualTo(1_700_000_001_000L);
  }

  @Test
  void tenThousandTicksDoNotDrift() {
    ManualTriggerLoop loop = new ManualTriggerLoop(every("100ms"), 1_050);
    for (int tick = 0; tick < 10_000; tick++) {
      assertThat(loop.step(tick * 37L % 100, true).isStop()).isFalse();
    }
    List<Long> starts = loop.starts();
    assertThat(starts.get(0)).isEqualTo(1_050);
    for (int i = 1; i < starts.size(); i++) {
      assertThat(starts.get(i)).as("start of trigger " + i).isEqualTo(1_100 + (i - 1) * 100L);
    }
  }

  @Test
  void aSlowBatchIsFollowedAtOnceAndThenByTheNextBoundaryWithoutABurst() {
    ManualTriggerLoop loop = new ManualTriggerLoop(every("1 second"), 0);
    loop.step(10, true);
    loop.step(3_500, true);
    TriggerDecision afterSlow = loop.step(10, true);
    loop.step(10, true);
    loop.step(10, true);

    assertThat(afterSlow.runAtMillis()).as("at once: the batch ended at 4500").isEqualTo(4_500);
    assertThat(loop.starts()).containsExactly(0L, 1_000L, 4_500L, 5_000L, 6_000L);
  }

  @Test
  void aTriggerWithoutDataKeepsTheSchedule() {
    ManualTriggerLoop loop = new ManualTriggerLoop(every("250ms"), 0);
    for (int tick = 0; tick < 6; tick++) {
      loop.step(1, tick % 2 == 0);
    }
    assertThat(loop.starts()).containsExactly(0L, 250L, 500L, 750L, 1_000L, 1_250L);
  }

  @Test
  void badIntervalsAreRefusedNamingTheOption() {
    for (String bad : new String[] {"abc", "0 seconds", "0", "1.5ms", "-1s"}) {
      assertThatThrownBy(() -> every(bad))
          .as(bad)
          .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("interval"))
          .hasMessageContaining("option 'interval' of trigger 'processingTime' has the value '" + bad + "'");
    }
    Options missing = Options.empty("trigger 'processingTime'");
    assertThatThrownBy(() -> new ProcessingTimeTriggerPolicyProvider().create(missing))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("interval"))
        .hasMessage("option 'interval' of trigger 'processingTime' is required");
    Options misspelt = Options.of("trigger 'processingTime'", Map.of("interval", "1s", "intervall", "2s"));
    assertThatThrownBy(() -> new ProcessingTimeTriggerPolicyProvider().create(misspelt))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("intervall"));
  }
}
