package io.millrace.runtime.plugin;

import io.millrace.spi.Options;
import io.millrace.spi.Spi;
import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerPolicyProvider;

/**
 * A trigger policy registered in the test resources' {@code META-INF/services}, so that it is
 * on the application class path of every test. Its name is unlike any real plugin's.
 */
public final class ClasspathProbeTrigger implements TriggerPolicyProvider {
  /** The name it is installed under. */
  public static final String NAME = "classpath-probe";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public TriggerPolicy create(Options options) {
    return state -> TriggerDecision.stop("the classpath probe stops at once");
  }
}
