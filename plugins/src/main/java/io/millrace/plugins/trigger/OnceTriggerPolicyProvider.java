package io.millrace.plugins.trigger;

import io.millrace.plugins.KnownOptions;
import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/** The {@code once} trigger: one trigger at once, then the query stops. It takes no options. */
public final class OnceTriggerPolicyProvider implements TriggerPolicyProvider {

  public OnceTriggerPolicyProvider() {}

  @Override
  public String name() {
    return "once";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "one trigger, then stop";
  }

  @Override
  public TriggerPolicy create(Options options) {
    KnownOptions.check(options);
    return new OnceTriggerPolicy();
  }
}
