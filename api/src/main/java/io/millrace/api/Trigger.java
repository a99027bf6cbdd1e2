package io.millrace.api;

import io.millrace.spi.Options;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * When a query's batches run: a reference to a trigger policy plugin by name, with its
 * options. The standard policies ship in the built-in plugins; others can be installed.
 */
public final class Trigger {
  private final String policy;
  private final Map<String, String> options;

  private Trigger(String policy, Map<String, String> options) {
    this.policy = policy;
    this.options = Map.copyOf(options);
  }

  /** The next batch starts as soon as the previous one ends (Spark's default). */
  public static Trigger defaultTrigger() {
    return new Trigger("default", Map.of());
  }

  /** Batches start on multiples of {@code interval}, such as {@code "10 seconds"}; a slow batch never causes a burst. */
  public static Trigger processingTime(String interval) {
    Options.parseDuration(interval);
    return new Trigger("processingTime", Map.of("interval", interval));
  }

  public static Trigger processingTime(Duration interval) {
    return new Trigger("processingTime", Map.of("interval", interval.toMillis() + "ms"));
  }

  /** One batch, then stop. */
  public static Trigger once() {
    return new Trigger("once", Map.of());
  }

  /** Everything available at start, in as many batches as the rate limits need, then stop. */
  public static Trigger availableNow() {
    return new Trigger("availableNow", Map.of());
  }

  /** Any installed trigger policy, by name. */
  public static Trigger of(String policy, Map<String, String> options) {
    return new Trigger(policy, new LinkedHashMap<>(options));
  }

  public String policy() {
    return policy;
  }

  public Map<String, String> options() {
    return options;
  }

  @Override
  public String toString() {
    return options.isEmpty() ? policy : policy + options;
  }
}
