package io.millrace.tck.trigger;

import io.millrace.spi.Options;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link TriggerPolicyContractSuite} needs to know about a trigger policy plugin: its
 * provider, the options to create it with, and the semantics it claims. For example:
 *
 * <pre>{@code
 * TriggerKit.of(new MyTriggerProvider(), Map.of("interval", "250ms"),
 *     TriggerSemantics.interval(Duration.ofMillis(250)))
 * }</pre>
 */
public interface TriggerKit {

  /** The provider under test, as ServiceLoader would create it. */
  TriggerPolicyProvider provider();

  /** The options each policy is created with. */
  default Map<String, String> options() {
    return Map.of();
  }

  /** What the policy created from {@link #options()} claims to do. */
  TriggerSemantics semantics();

  /** A fresh policy from the provider, as the runtime would create it. */
  default TriggerPolicy newPolicy() {
    return provider().create(Options.of("trigger '" + provider().name() + "'", options()));
  }

  /** A kit for {@code provider} created with {@code options}, claiming {@code semantics}. */
  static TriggerKit of(TriggerPolicyProvider provider, Map<String, String> options, TriggerSemantics semantics) {
    Objects.requireNonNull(provider, "provider");
    Map<String, String> copy = Map.copyOf(options);
    Objects.requireNonNull(semantics, "semantics");
    return new TriggerKit() {
      @Override
      public TriggerPolicyProvider provider() {
        return provider;
      }

      @Override
      public Map<String, String> options() {
        return copy;
      }

      @Override
      public TriggerSemantics semantics() {
        return semantics;
      }

      @Override
      public String toString() {
        return "trigger '" + provider.name() + "' " + copy + " claiming " + semantics;
      }
    };
  }
}
