package io.millrace.runtime.cli;

import io.millrace.runtime.Settings;
import io.millrace.runtime.plugin.InstalledPlugin;
import io.millrace.runtime.plugin.PluginRegistry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code millrace plugins}: every installed plugin with its kind, name, version and jar. */
@Command(name = "plugins", description = "List the installed plugins.")
final class PluginsCommand implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--plugins-dir", description = "Plugins directory (default: $MILLRACE_PLUGINS_DIR, setting " + Settings.PLUGINS_DIR + ").")
  Path pluginsDir;

  @Override
  public void run() {
    Optional<Path> dir = Optional.ofNullable(pluginsDir)
        .or(() -> Optional.ofNullable(System.getenv("MILLRACE_PLUGINS_DIR")).map(Path::of));
    List<InstalledPlugin> plugins = PluginRegistry.load(Main.class.getClassLoader(), dir).installed();
    PrintWriter out = spec.commandLine().getOut();
    String format = "%-12s %-16s %-14s %-5s %s%n";
    out.printf(format, "KIND", "NAME", "VERSION", "SPI", "LOCATION");
    for (InstalledPlugin p : plugins) {
      out.printf(format, p.kind().label().toLowerCase(Locale.ROOT), p.name(), p.version(), p.spiVersion(), p.location());
    }
    out.flush();
  }
}
