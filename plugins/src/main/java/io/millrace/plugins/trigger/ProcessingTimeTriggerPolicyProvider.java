package io.millrace.plugins.trigger;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/**
 * The {@code processingTime} trigger: batches start on multiples of the required option
 * {@code interval} (a positive duration such as {@code "10 seconds"}, in whole milliseconds),
 * counted from the epoch. The first runs at once; a batch that overruns is followed at once,
 * without a burst to catch up. It never stops. See {@link ProcessingTimeTriggerPolicy}.
 */
public final class ProcessingTimeTriggerPolicyProvider implements TriggerPolicyProvider {
  static final String INTERVAL = "interval";

  public ProcessingTimeTriggerPolicyProvider() {}

  @Override
  public String name() {
    return "processingTime";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "batches start on multiples of interval; no drift, no bursts";
  }

  @Override
  public TriggerPolicy create(Options options) {
    KnownOptions.check(options, INTERVAL);
    return new ProcessingTimeTriggerPolicy(DurationOption.requiredMillis(options, INTERVAL));
  }
}
