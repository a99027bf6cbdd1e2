package io.millrace.runtime.cli;

import io.millrace.runtime.Settings;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The plugins directories a command loads. Run from a distribution (its launcher sets
 * {@value #HOME_PROPERTY}), the distribution's {@code plugins/} always comes first, so its
 * bundled plugins (the {@code hdfs} state store, the Hadoop storage, the file source, Delta,
 * RocksDB) are there for every job; directories the user names ({@code --plugins-dir},
 * {@code $MILLRACE_PLUGINS_DIR} or {@code millrace.plugins.dir}) are added after it, never
 * instead of it: replacing it would take the default state store away from every job that
 * only wanted one more plugin. To replace a bundled plugin, replace its folder in {@code plugins/}.
 */
final class PluginDirectories {
  /** The system property the launcher sets to the distribution's folder. */
  static final String HOME_PROPERTY = "millrace.home";
  /** The environment variable that names the user's plugins directories. */
  static final String ENVIRONMENT = "MILLRACE_PLUGINS_DIR";

  private PluginDirectories() {}

  /** The distribution's {@code plugins/}, when this runs from a distribution. */
  static Optional<Path> distribution() {
    return Optional.ofNullable(System.getProperty(HOME_PROPERTY))
        .filter(home -> !home.isBlank())
        .map(home -> Path.of(home, "plugins"));
  }

  /** The user's directories: the option if given, else {@value #ENVIRONMENT}, else none. */
  static Optional<String> user(Path option) {
    return Optional.ofNullable(option).map(Path::toString).or(() -> Optional.ofNullable(System.getenv(ENVIRONMENT)));
  }

  /**
   * Two values of {@code millrace.plugins.dir} as one: the first's directories, then the
   * second's ({@link Settings#pluginsDirs} loads a directory named twice once).
   */
  static String join(String first, String second) {
    return first + File.pathSeparator + second;
  }

  /**
   * The value of {@code millrace.plugins.dir} to run with: the distribution's directory, then
   * {@code userSetting}'s, each once; empty when there is neither.
   */
  static Optional<String> withDistribution(Optional<String> userSetting) {
    List<String> parts = new ArrayList<>();
    distribution().ifPresent(dir -> parts.add(dir.toString()));
    userSetting.filter(s -> !s.isBlank()).ifPresent(parts::add);
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(File.pathSeparator, parts));
  }

  /** The directories {@link #withDistribution} names, as paths. */
  static List<Path> list(Optional<String> userSetting) {
    return withDistribution(userSetting).map(Settings::pluginsDirs).orElse(List.of());
  }
}
