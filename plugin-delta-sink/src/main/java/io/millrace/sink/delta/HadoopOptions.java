package io.millrace.sink.delta;

import io.millrace.spi.Options;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/** The {@code hadoop.<key>} options the Delta sink and source hand to Hadoop's configuration. */
final class HadoopOptions {
  static final String PREFIX = "hadoop.";

  private HadoopOptions() {}

  /**
   * The {@code hadoop.}-prefixed options without their prefix; every other key goes to
   * {@code checkOther}, which throws for one it does not know.
   */
  static Map<String, String> split(Options options, Consumer<String> checkOther) {
    Map<String, String> hadoop = new TreeMap<>();
    for (Map.Entry<String, String> e : options.asMap().entrySet()) {
      String key = e.getKey();
      if (key.toLowerCase(Locale.ROOT).startsWith(PREFIX) && key.length() > PREFIX.length()) {
        // Hadoop keys are case-sensitive, so the key is kept as the user wrote it.
        hadoop.put(key.substring(PREFIX.length()), e.getValue());
      } else {
        checkOther.accept(key);
      }
    }
    return hadoop;
  }
}
