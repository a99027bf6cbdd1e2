package io.millrace.tck.child;

import java.io.Serializable;

/**
 * What a rule runs in a child JVM: a serialisable value made of TCK classes and plain values
 * (class names, options, rows as {@link PlainRows}), so the child needs nothing but the class
 * path to rebuild the plugin. A task that means to die calls a {@link io.millrace.tck.CrashAt}
 * made with {@code haltAt}; returning normally ends the child with exit code 0.
 */
public interface ChildTask extends Serializable {

  /** Runs in the child; {@code channel} talks to the rule in the parent. */
  void run(ChildChannel channel) throws Exception;
}
