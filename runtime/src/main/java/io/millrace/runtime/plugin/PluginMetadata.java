package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import java.util.function.Supplier;

/**
 * Reads what a provider says about itself and refuses it if its SPI version does not fit
 * this runtime. Every call goes into plugin code, so every failure is reported with the
 * provider class and where it came from.
 */
final class PluginMetadata {
  private PluginMetadata() {}

  /** The installed plugin {@code provider} of {@code kind} from {@code location}, checked. */
  static InstalledPlugin read(PluginKind kind, Plugin provider, PluginOrigin origin, String location) {
    String spiVersion = spiVersion(kind, provider, location);
    String name = ask(kind, provider, location, "name()", provider::name);
    if (name == null || name.isBlank()) {
      throw failure(kind, provider, location, "name() returned no name", null);
    }
    checkCompatible(name, kind, location, spiVersion);
    String version = ask(kind, provider, location, "version()", provider::version);
    return new InstalledPlugin(kind, name, version, spiVersion, origin, location, provider);
  }

  // Asked first: for a plugin built against another SPI, even name() may not link.
  private static String spiVersion(PluginKind kind, Plugin provider, String location) {
    try {
      return provider.spiVersion();
    } catch (AbstractMethodError e) {
      throw IncompatiblePluginException.missingVersion(provider.getClass().getName(), kind, location, e);
    } catch (RuntimeException | LinkageError e) {
      throw failure(kind, provider, location, "spiVersion() failed: " + e, e);
    }
  }

  private static void checkCompatible(String name, PluginKind kind, String location, String spiVersion) {
    boolean compatible;
    try {
      compatible = Spi.compatible(spiVersion, Spi.VERSION);
    } catch (IllegalArgumentException e) {
      throw IncompatiblePluginException.malformed(name, kind, location, spiVersion, e);
    }
    if (!compatible) {
      throw IncompatiblePluginException.builtFor(name, kind, location, spiVersion);
    }
  }

  private static <T> T ask(PluginKind kind, Plugin provider, String location, String method, Supplier<T> call) {
    try {
      return call.get();
    } catch (RuntimeException | LinkageError e) {
      throw failure(kind, provider, location, method + " failed: " + e, e);
    }
  }

  private static MillraceException failure(
      PluginKind kind, Plugin provider, String location, String problem, Throwable cause) {
    return new MillraceException(
        "plugin class " + provider.getClass().getName() + " (" + kind.label() + ") in " + location + ": " + problem,
        cause);
  }
}
