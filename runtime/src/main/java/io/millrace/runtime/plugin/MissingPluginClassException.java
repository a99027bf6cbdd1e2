package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Code of a plugins-directory plugin needed a class that none of its jars holds: a library is
 * missing from its folder (or, for a lone jar, was never bundled with it). The JVM says only
 * {@code NoClassDefFoundError: com/google/common/base/Strings}; this names the plugin, the class
 * and the jar or folder to add the library to. See {@link PluginRegistry#explainMissingClass}.
 */
public class MissingPluginClassException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final String missingClass;
  private final String location;

  private MissingPluginClassException(String message, String missingClass, String location, Throwable cause) {
    super(message, cause);
    this.missingClass = missingClass;
    this.location = location;
  }

  static MissingPluginClassException of(String missingClass, Path location, List<InstalledPlugin> plugins,
      Throwable cause) {
    String message = "plugin " + names(plugins) + " in " + location + " needs class " + missingClass
        + ", which none of its jars holds (a plugin sees only its own jars, the JDK, the SPI and SLF4J): "
        + (Files.isDirectory(location)
            ? "a library is missing from the folder " + location + "; add the jar that holds the class there"
            : "the jar bundles no library; put it in a folder of the plugins directory with the jar that holds the class");
    return new MissingPluginClassException(message, missingClass, location.toString(), cause);
  }

  private static String names(List<InstalledPlugin> plugins) {
    if (plugins.isEmpty()) {
      return "(none loaded)";
    }
    return plugins.stream().map(p -> p.kind().label() + " '" + p.name() + "'").collect(Collectors.joining(", "));
  }

  /** The class that was missing, as Java spells it ({@code com.google.common.base.Strings}). */
  public String missingClass() {
    return missingClass;
  }

  /** The plugin's jar or folder in the plugins directory. */
  public String location() {
    return location;
  }
}
