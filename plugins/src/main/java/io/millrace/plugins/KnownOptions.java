package io.millrace.plugins;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses option keys that a plugin does not read. A misspelt key such as
 * {@code rowsPerSec} would otherwise be ignored without a word, which is exactly the silent
 * failure Millrace sets out to avoid; here it fails the query at start instead.
 */
public final class KnownOptions {

  private KnownOptions() {}

  /**
   * Checks that every key of {@code options} is one of {@code known}, case-insensitively.
   *
   * @throws InvalidOptionException naming the first unknown key, the plugin and the keys it reads
   */
  public static void check(Options options, String... known) {
    Set<String> lowerCase = new TreeSet<>();
    for (String key : known) {
      lowerCase.add(key.toLowerCase(Locale.ROOT));
    }
    for (Map.Entry<String, String> option : options.asMap().entrySet()) {
      String key = option.getKey();
      if (!lowerCase.contains(key.toLowerCase(Locale.ROOT))) {
        String expected = known.length == 0 ? "it takes no options" : "known options: " + String.join(", ", known);
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not known; " + expected);
      }
    }
  }
}
