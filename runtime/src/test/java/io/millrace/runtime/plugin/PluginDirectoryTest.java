package io.millrace.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.millrace.runtime.Settings;
import io.millrace.spi.MillraceException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the plugins directory is read. */
class PluginDirectoryTest extends PluginRegistryTestBase {

  @Test
  void aMissingPluginsDirectoryFailsNamingThePathAndTheSetting() {
    Path missing = tmp.resolve("no-such-dir");

    assertThatThrownBy(() -> PluginRegistry.load(getClass().getClassLoader(), Optional.of(missing)))
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessage("plugins directory " + missing + " does not exist (setting millrace.plugins.dir)");
  }

  @Test
  void aFileGivenAsThePluginsDirectoryFailsNamingThePathAndTheSetting() throws Exception {
    Path file = Files.writeString(tmp.resolve("plugins.txt"), "not a directory");

    assertThatThrownBy(() -> PluginRegistry.load(getClass().getClassLoader(), Optional.of(file)))
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessage("plugins directory " + file + " is not a directory (setting millrace.plugins.dir)");
  }

  @Test
  void anEmptyPluginsDirectoryAddsNothing() throws Exception {
    Files.createDirectories(plugins);

    assertThat(loadDirectoryOnly().installed()).isEmpty();
  }

  @Test
  void strayFilesHiddenFilesAndFoldersWithoutJarsAreSkipped() throws Exception {
    Path console = fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "console");
    Files.writeString(plugins.resolve("README.txt"), "plugins go here");
    Files.copy(console, plugins.resolve(".console.jar"));
    Files.createDirectories(plugins.resolve("empty-folder"));
    Files.writeString(Files.createDirectories(plugins.resolve("docs")).resolve("notes.md"), "no jars");

    assertThat(loadDirectoryOnly().installed())
        .extracting(InstalledPlugin::name, InstalledPlugin::location)
        .containsExactly(tuple("console", console.toString()));
  }

  @Test
  void aFolderIsOnePluginMadeOfAllTheJarsUnderIt() throws Exception {
    Path folder = plugins.resolve("console-plugin");
    fixtures.sinkJar(folder.resolve("console.jar"), "ConsoleSink", "console");
    fixtures.triggerJar(folder.resolve("lib").resolve("extra.jar"), "ExtraTrigger", "extra");

    PluginRegistry registry = loadDirectoryOnly();

    assertThat(registry.installed()).extracting(InstalledPlugin::location).containsOnly(folder.toString());
    assertThat(registry.sink("console").getClass().getClassLoader())
        .isSameAs(registry.trigger("extra").getClass().getClassLoader());
  }

  @Test
  void severalPluginsDirectoriesLoadInOrderAndADirectoryNamedTwiceLoadsOnce() throws Exception {
    Path first = fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "console");
    Path more = tmp.resolve("more-plugins");
    Path second = fixtures.triggerJar(more.resolve("extra.jar"), "ExtraTrigger", "extra");
    String setting = plugins + File.pathSeparator + more + File.pathSeparator + plugins.resolve(".") + File.pathSeparator;

    List<Path> dirs = Settings.pluginsDirs(setting);
    PluginRegistry registry = PluginRegistry.load(ClassLoader.getPlatformClassLoader(), dirs);

    assertThat(dirs).containsExactly(plugins, more);
    assertThat(registry.installed()).extracting(InstalledPlugin::name, InstalledPlugin::location)
        .containsExactly(tuple("console", first.toString()), tuple("extra", second.toString()));
  }
}
