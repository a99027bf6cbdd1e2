package io.millrace.tck;

import org.junit.jupiter.api.Assumptions;

/**
 * Turns a rule that does not apply to a plugin into a skip with the reason, never into a
 * silent pass: {@code Capability.require(declared, "S07 needs AVAILABLE_NOW, which the source
 * does not declare")}.
 */
public final class Capability {
  private Capability() {}

  public static void require(boolean declared, String reasonIfNot) {
    Assumptions.assumeTrue(declared, reasonIfNot);
  }
}
