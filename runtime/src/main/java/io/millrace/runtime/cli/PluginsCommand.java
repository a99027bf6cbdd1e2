package io.millrace.runtime.cli;

import io.millrace.runtime.Settings;
import io.millrace.runtime.plugin.BrokenPlugin;
import io.millrace.runtime.plugin.InstalledPlugin;
import io.millrace.runtime.plugin.PluginRegistry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code millrace plugins}: every installed plugin with its kind, name, version, SPI version and
 * where it came from, then every plugin that could not be loaded with the reason. A broken
 * plugin does not hide the others; it makes the exit code 2.
 */
@Command(name = "plugins", description = "List the installed plugins and where each came from; list broken ones with the reason (exit code 2).")
final class PluginsCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--plugins-dir", paramLabel = "DIR",
      description = "More plugins directories, after the distribution's plugins/ (default: $MILLRACE_PLUGINS_DIR, setting "
          + Settings.PLUGINS_DIR + "); several are separated by the path separator.")
  Path pluginsDir;

  @Override
  public Integer call() {
    List<Path> dirs = PluginDirectories.list(PluginDirectories.user(pluginsDir));
    PrintWriter out = spec.commandLine().getOut();
    PluginRegistry registry = PluginRegistry.survey(Main.class.getClassLoader(), dirs);
    out.println("plugins directories: " + (dirs.isEmpty() ? "none"
        : dirs.stream().map(Path::toString).collect(Collectors.joining(", "))));
    String format = "%-12s %-16s %-14s %-5s %-12s %s%n";
    out.printf(format, "KIND", "NAME", "VERSION", "SPI", "FROM", "LOCATION");
    for (InstalledPlugin p : registry.installed()) {
      out.printf(format, p.kind().label().toLowerCase(Locale.ROOT), p.name(), p.version(), p.spiVersion(),
          p.origin().label(), p.location());
    }
    List<BrokenPlugin> broken = registry.broken();
    if (!broken.isEmpty()) {
      out.printf("%nbroken plugins (%d); millrace run refuses to start until each is fixed or removed:%n", broken.size());
      for (BrokenPlugin b : broken) {
        out.printf("  %s (%s)%n    %s%n", b.location(), b.origin().label(), b.reason());
      }
    }
    out.flush();
    if (!broken.isEmpty()) {
      spec.commandLine().getErr().printf("millrace: %d plugin(s) could not be loaded; see the list above%n", broken.size());
      return 2;
    }
    return 0;
  }
}
