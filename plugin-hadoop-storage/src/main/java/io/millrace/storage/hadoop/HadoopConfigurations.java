package io.millrace.storage.hadoop;

import io.millrace.spi.Options;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Builds the Hadoop {@link Configuration} of a storage from the session's options: every
 * {@code millrace.hadoop.<key>} becomes the Hadoop key {@code <key>}, on top of Hadoop's own
 * defaults ({@code core-default.xml}, and a {@code core-site.xml} on the plugin's class path).
 */
public final class HadoopConfigurations {
  /** The option prefix; what follows it is passed to Hadoop unchanged. */
  public static final String PREFIX = "millrace.hadoop.";
  private static final String AUTOMATIC_CLOSE = "fs.automatic.close";

  private HadoopConfigurations() {}

  /**
   * The configuration for {@code options}. The prefix is matched in any case, as all option
   * keys are; the Hadoop key keeps the case the user wrote, since Hadoop keys are case-sensitive
   * (per-bucket S3A settings name the bucket, for example).
   */
  public static Configuration from(Options options) {
    return PluginClassLoader.call(() -> {
      Configuration conf = new Configuration();
      // Hadoop resolves FileSystem and helper classes by name through this loader: it must be
      // the plugin's, not whichever loader the calling thread happens to carry.
      conf.setClassLoader(PluginClassLoader.LOADER);
      // Hadoop's own JVM shutdown hook would close this FileSystem while the runtime's stop
      // (Ctrl-C, SIGTERM) still finishes the batch in flight and the stores' last maintenance on
      // it; the storage closes its FileSystem itself when it is closed.
      conf.setBoolean(AUTOMATIC_CLOSE, false);
      for (Map.Entry<String, String> option : options.asMap().entrySet()) {
        String key = option.getKey();
        if (!key.toLowerCase(Locale.ROOT).startsWith(PREFIX)) {
          continue;
        }
        String hadoopKey = key.substring(PREFIX.length()).trim();
        if (hadoopKey.isEmpty()) {
          throw options.invalid(key, option.getValue(), "a Hadoop key after '" + PREFIX + "', such as "
              + PREFIX + "fs.s3a.endpoint");
        }
        if (option.getValue() == null) {
          throw options.invalid(key, "null", "a value for the Hadoop key '" + hadoopKey + "'");
        }
        conf.set(hadoopKey, option.getValue(), "option " + key + " of " + options.owner());
      }
      return conf;
    });
  }
}
