package io.millrace.plugins.trigger;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.time.Duration;

/**
 * The {@code default} trigger: like Spark's default, the next batch starts as soon as the last
 * one ends. After a trigger that found no data it waits {@code idlePollInterval} (a duration,
 * default 10 ms) before looking again. It never stops.
 */
public final class DefaultTriggerPolicyProvider implements TriggerPolicyProvider {
  static final String IDLE_POLL_INTERVAL = "idlePollInterval";

  public DefaultTriggerPolicyProvider() {}

  @Override
  public String name() {
    return "default";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "the next batch as soon as the last one ends; polls every idlePollInterval when idle";
  }

  @Override
  public TriggerPolicy create(Options options) {
    KnownOptions.check(options, IDLE_POLL_INTERVAL);
    return new DefaultTriggerPolicy(DurationOption.millis(options, IDLE_POLL_INTERVAL, Duration.ofMillis(10)));
  }
}
