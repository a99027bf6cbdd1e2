package io.millrace.runtime.plugin;

import io.millrace.spi.MillraceException;

/**
 * A plugin that could not be installed, and why: a jar that is not a jar, a services entry
 * naming a class that is missing or does not link, a provider built for another SPI, a name or
 * scheme another plugin claimed first. {@link PluginRegistry#survey} lists these beside the
 * plugins that loaded; {@link PluginRegistry#load} throws the first one.
 *
 * @param origin whether it is on the class path or in a plugins directory
 * @param location the jar or folder it is in ({@code "the application class path"} when a
 *     class path entry cannot be told)
 * @param problem the error {@link PluginRegistry#load} throws for it, which names the plugin
 */
public record BrokenPlugin(PluginOrigin origin, String location, MillraceException problem) {

  /** What is wrong, in one message that names the plugin and where it is. */
  public String reason() {
    return problem.getMessage();
  }
}
