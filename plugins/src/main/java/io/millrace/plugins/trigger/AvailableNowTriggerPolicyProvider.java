package io.millrace.plugins.trigger;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/**
 * The {@code availableNow} trigger: reads what the sources hold when the query starts, in as
 * many back-to-back batches as their rate limits need, and stops at the first trigger that
 * finds nothing left. It takes no options.
 */
public final class AvailableNowTriggerPolicyProvider implements TriggerPolicyProvider {

  public AvailableNowTriggerPolicyProvider() {}

  @Override
  public String name() {
    return "availableNow";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "everything available at start, in batches the rate limits allow, then stop";
  }

  @Override
  public TriggerPolicy create(Options options) {
    KnownOptions.check(options);
    return new AvailableNowTriggerPolicy();
  }
}
