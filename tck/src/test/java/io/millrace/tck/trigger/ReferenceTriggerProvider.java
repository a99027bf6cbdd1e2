package io.millrace.tck.trigger;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.util.function.Supplier;

/** A provider for the self-tests' policies; it ignores options. */
final class ReferenceTriggerProvider implements TriggerPolicyProvider {
  private final String name;
  private final Supplier<TriggerPolicy> policies;

  ReferenceTriggerProvider(String name, Supplier<TriggerPolicy> policies) {
    this.name = name;
    this.policies = policies;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public TriggerPolicy create(Options options) {
    return policies.get();
  }
}
