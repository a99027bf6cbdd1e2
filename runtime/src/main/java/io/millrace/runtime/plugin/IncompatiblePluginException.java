package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import java.util.Optional;

/**
 * A plugin was built for an SPI version this runtime cannot run (see {@link Spi#compatible}),
 * or is too old to say which version it was built for. Raised at load.
 */
public class IncompatiblePluginException extends MillraceException {
  private static final long serialVersionUID = 1L;

  private final String location;
  private final String pluginSpiVersion;

  private IncompatiblePluginException(String message, String location, String pluginSpiVersion, Throwable cause) {
    super(message, cause);
    this.location = location;
    this.pluginSpiVersion = pluginSpiVersion;
  }

  /** The plugin reports a well-formed SPI version that is not compatible with this runtime's. */
  static IncompatiblePluginException builtFor(String name, PluginKind kind, String location, String spiVersion) {
    String message = plugin(name, kind, location) + " was built for SPI " + spiVersion
        + "; this runtime has SPI " + Spi.VERSION;
    return new IncompatiblePluginException(message, location, spiVersion, null);
  }

  /** The plugin reports something that is not {@code MAJOR.MINOR}. */
  static IncompatiblePluginException malformed(
      String name, PluginKind kind, String location, String spiVersion, IllegalArgumentException cause) {
    String message = plugin(name, kind, location) + " reports SPI version '" + spiVersion
        + "', which is not MAJOR.MINOR; this runtime has SPI " + Spi.VERSION;
    return new IncompatiblePluginException(message, location, spiVersion, cause);
  }

  /** The provider class has no {@code spiVersion()}: it predates the method, so any SPI it knows is too old. */
  static IncompatiblePluginException missingVersion(
      String className, PluginKind kind, String location, AbstractMethodError cause) {
    String message = "plugin class " + className + " (" + kind.label() + ") in " + location
        + " does not implement spiVersion(), so it was built for an SPI older than this runtime's SPI "
        + Spi.VERSION + "; rebuild it against SPI " + Spi.VERSION;
    return new IncompatiblePluginException(message, location, null, cause);
  }

  /** The jar or folder the plugin came from. */
  public String location() {
    return location;
  }

  /** The SPI version the plugin reports; empty when it does not implement {@code spiVersion()}. */
  public Optional<String> pluginSpiVersion() {
    return Optional.ofNullable(pluginSpiVersion);
  }

  /** The SPI version of this runtime. */
  public String runtimeSpiVersion() {
    return Spi.VERSION;
  }

  private static String plugin(String name, PluginKind kind, String location) {
    return "plugin '" + name + "' (" + kind.label() + ") in " + location;
  }
}
