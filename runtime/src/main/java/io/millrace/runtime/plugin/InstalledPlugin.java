package io.millrace.runtime.plugin;

import io.millrace.spi.Plugin;
import io.millrace.spi.PluginKind;

/**
 * One plugin the runtime found, as {@code millrace plugins} lists it.
 *
 * @param kind which of the five kinds it is
 * @param name the short name users select it by, as the plugin spells it
 * @param version the plugin's own version
 * @param spiVersion the SPI version the plugin was compiled against
 * @param origin whether it came from the class path or a plugins directory
 * @param location the jar or folder in the plugins directory it came from, or for a class
 *     path plugin the jar or directory holding its class ({@code "classpath"} if unknown)
 * @param provider the provider object itself
 */
public record InstalledPlugin(PluginKind kind, String name, String version, String spiVersion, PluginOrigin origin,
    String location, Plugin provider) {

  /** The plugin as messages name it: name, provider class and location. */
  String describe() {
    return "'" + name + "' (" + provider.getClass().getName() + ") in " + location;
  }
}
