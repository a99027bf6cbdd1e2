package io.millrace.tck.runner;

import java.util.function.Supplier;

/**
 * Hands the runner's suites the kit of the plugin being checked. The runner checks one plugin
 * at a time, so a single slot suffices. Suites ask for a kit per rule and may close it after,
 * so the slot holds a way to make one.
 */
final class RunnerTargets {
  private static volatile Supplier<?> current;

  private RunnerTargets() {}

  static void set(Supplier<?> kits) {
    current = kits;
  }

  static <K> K kit(Class<K> type) {
    Supplier<?> kits = current;
    Object kit = kits == null ? null : kits.get();
    if (!type.isInstance(kit)) {
      throw new IllegalStateException("the TCK runner has no " + type.getSimpleName() + " for this suite");
    }
    return type.cast(kit);
  }
}
