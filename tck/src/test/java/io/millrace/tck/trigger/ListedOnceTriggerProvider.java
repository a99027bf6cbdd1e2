package io.millrace.tck.trigger;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/** The reference once policy as a jar lists it for the runner: public, with a no-argument constructor. */
public final class ListedOnceTriggerProvider implements TriggerPolicyProvider {

  @Override
  public String name() {
    return "tck-once";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public TriggerPolicy create(Options options) {
    return ReferenceTriggerPolicies.once();
  }
}
