package io.millrace.spi.trigger;

import io.millrace.spi.Options;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;

/** Creates {@link TriggerPolicy}s. Listed in {@code META-INF/services/io.millrace.spi.trigger.TriggerPolicyProvider}. */
public interface TriggerPolicyProvider extends Plugin {

  @Override
  default PluginKind kind() {
    return PluginKind.TRIGGER;
  }

  /** Creates a policy from its options (for example {@code interval}); validate them here. */
  TriggerPolicy create(Options options);
}
