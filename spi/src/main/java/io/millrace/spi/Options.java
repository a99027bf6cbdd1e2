package io.millrace.spi;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Immutable string options with case-insensitive keys and typed getters.
 *
 * <p>Every getter that cannot use a value throws {@link InvalidOptionException} whose message
 * names the option, its owner (for example {@code source 'rate'}), the value given and what
 * was expected. A plugin should read all of its options when it is created so that a bad
 * value fails the query at start, not at the first batch.
 */
public final class Options {
  private static final Pattern DURATION =
      Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|milli|millis|millisecond|milliseconds|s|sec|secs|second|seconds|"
          + "m|min|mins|minute|minutes|h|hour|hours|d|day|days)\\s*");

  private final String owner;
  private final Map<String, String> values; // keyed by lower-cased key
  private final Map<String, String> originalKeys;

  private Options(String owner, Map<String, String> given) {
    this.owner = owner;
    Map<String, String> v = new TreeMap<>();
    Map<String, String> k = new TreeMap<>();
    given.forEach(
        (key, value) -> {
          String lower = key.toLowerCase(Locale.ROOT);
          v.put(lower, value);
          k.put(lower, key);
        });
    this.values = Collections.unmodifiableMap(v);
    this.originalKeys = Collections.unmodifiableMap(k);
  }

  /** Options owned by {@code owner}, a phrase used in messages such as {@code "source 'rate'"}. */
  public static Options of(String owner, Map<String, String> values) {
    return new Options(owner, values);
  }

  /** No options. */
  public static Options empty(String owner) {
    return new Options(owner, Map.of());
  }

  /** The same values, reported under another owner. */
  public Options withOwner(String newOwner) {
    return new Options(newOwner, asMap());
  }

  /** The phrase messages use for whoever reads these options. */
  public String owner() {
    return owner;
  }

  /** All options, with keys as the user wrote them, in key order. */
  public Map<String, String> asMap() {
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((lower, value) -> out.put(originalKeys.get(lower), value));
    return out;
  }

  public boolean contains(String key) {
    return values.containsKey(key.toLowerCase(Locale.ROOT));
  }

  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key.toLowerCase(Locale.ROOT)));
  }

  /** The value of a required option. */
  public String require(String key) {
    return get(key)
        .orElseThrow(() -> new InvalidOptionException(key, "option '" + key + "' of " + owner + " is required"));
  }

  public String getString(String key, String defaultValue) {
    return get(key).orElse(defaultValue);
  }

  public int getInt(String key, int defaultValue) {
    return get(key).map(v -> parseInt(key, v)).orElse(defaultValue);
  }

  /** An int that must be at least {@code min} (and fit an int). */
  public int getInt(String key, int defaultValue, int min) {
    long value = getLong(key, defaultValue);
    if (value < min || value > Integer.MAX_VALUE) {
      throw invalid(key, String.valueOf(value), "a whole number from " + min + " to " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  public long getLong(String key, long defaultValue) {
    return get(key).map(v -> parseLong(key, v)).orElse(defaultValue);
  }

  /** A long that must be at least {@code min}. */
  public long getLong(String key, long defaultValue, long min) {
    long value = getLong(key, defaultValue);
    if (value < min) {
      throw invalid(key, String.valueOf(value), "a whole number >= " + min);
    }
    return value;
  }

  public double getDouble(String key, double defaultValue) {
    return get(key).map(v -> parseDouble(key, v)).orElse(defaultValue);
  }

  public boolean getBoolean(String key, boolean defaultValue) {
    return get(key).map(v -> parseBoolean(key, v)).orElse(defaultValue);
  }

  /**
   * A duration such as {@code "10 seconds"}, {@code "500ms"}, {@code "1.5 minutes"} or
   * {@code "2h"}; a bare number is milliseconds.
   */
  public Duration getDuration(String key, Duration defaultValue) {
    return get(key).map(v -> parseDuration(key, v)).orElse(defaultValue);
  }

  /** One of an enum's constants, matched case-insensitively; the error lists the choices. */
  public <E extends Enum<E>> E getEnum(String key, Class<E> type, E defaultValue) {
    Optional<String> value = get(key);
    if (value.isEmpty()) {
      return defaultValue;
    }
    String given = value.get().trim().replace('-', '_');
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(given)) {
        return constant;
      }
    }
    StringBuilder choices = new StringBuilder();
    for (E constant : type.getEnumConstants()) {
      choices.append(choices.length() == 0 ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
    }
    throw invalid(key, value.get(), "one of " + choices);
  }

  /** Parses a duration the way {@link #getDuration} does, for values that are not options. */
  public static Duration parseDuration(String text) {
    String trimmed = text.trim();
    if (trimmed.matches("\\d+")) {
      return Duration.ofMillis(Long.parseLong(trimmed));
    }
    Matcher m = DURATION.matcher(trimmed);
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration such as '10 seconds' or '500ms'");
    }
    double amount = Double.parseDouble(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    double millis;
    if (unit.startsWith("ms") || unit.startsWith("milli")) {
      millis = amount;
    } else if (unit.startsWith("s")) {
      millis = amount * 1_000;
    } else if (unit.startsWith("m")) {
      millis = amount * 60_000;
    } else if (unit.startsWith("h")) {
      millis = amount * 3_600_000;
    } else {
      millis = amount * 86_400_000;
    }
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  private int parseInt(String key, String v) {
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw invalid(key, v, "a whole number");
    }
  }

  private long parseLong(String key, String v) {
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw invalid(key, v, "a whole number");
    }
  }

  private double parseDouble(String key, String v) {
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw invalid(key, v, "a number");
    }
  }

  private boolean parseBoolean(String key, String v) {
    String t = v.trim().toLowerCase(Locale.ROOT);
    if (t.equals("true")) {
      return true;
    }
    if (t.equals("false")) {
      return false;
    }
    throw invalid(key, v, "true or false");
  }

  private Duration parseDuration(String key, String v) {
    try {
      return parseDuration(v);
    } catch (IllegalArgumentException e) {
      throw invalid(key, v, "a duration such as '10 seconds' or '500ms'");
    }
  }

  /** An error for option {@code key} whose value {@code value} is not {@code expected}. */
  public InvalidOptionException invalid(String key, String value, String expected) {
    return new InvalidOptionException(
        key, "option '" + key + "' of " + owner + " has the value '" + value + "'; expected " + expected);
  }

  @Override
  public String toString() {
    return owner + " " + asMap();
  }
}
