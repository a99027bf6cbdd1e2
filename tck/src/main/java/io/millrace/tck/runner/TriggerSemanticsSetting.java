package io.millrace.tck.runner;

import io.millrace.tck.trigger.TriggerSemantics;
import java.time.Duration;
import java.util.Locale;

/**
 * Reads a trigger's claimed semantics from the runner's config:
 * {@code interval:100ms}, {@code once}, {@code availableNow}, {@code asSoonAsPossible} or
 * {@code asSoonAsPossible:1s} (the longest wait after a trigger without data).
 */
final class TriggerSemanticsSetting {
  private TriggerSemanticsSetting() {}

  static TriggerSemantics parse(String key, String value) {
    String[] parts = value.trim().split(":", 2);
    String kind = parts[0].trim().toLowerCase(Locale.ROOT);
    try {
      switch (kind) {
        case "interval":
          return TriggerSemantics.interval(duration(parts));
        case "once":
          return TriggerSemantics.once();
        case "availablenow":
          return TriggerSemantics.availableNow();
        case "asSoonAsPossible":
        case "assoonaspossible":
          return parts.length > 1 ? TriggerSemantics.asSoonAsPossible(duration(parts)) : TriggerSemantics.asSoonAsPossible();
        default:
          break;
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + "=" + value + ": " + e.getMessage(), e);
    }
    throw new IllegalArgumentException(key + "=" + value
        + ": expected interval:<duration>, once, availableNow or asSoonAsPossible[:<duration>]");
  }

  private static Duration duration(String[] parts) {
    if (parts.length < 2) {
      throw new IllegalArgumentException("a duration is needed after ':' (e.g. interval:100ms)");
    }
    return io.millrace.spi.Options.parseDuration(parts[1]);
  }
}
