package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.GUAVA_32_CLASS;
import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.runtime.Engine;
import io.millrace.spi.Plugin;
import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.trigger.TriggerPolicyProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Plugins from the plugins directory each get their own libraries and see only the JDK, the SPI and SLF4J's API. */
class PluginIsolationTest extends PluginRegistryTestBase {

  @Test
  void twoPluginsBundlingDifferentGuavaVersionsEachSeeTheirOwn() throws Exception {
    Path guava31 = TestLibs.guava("31.");
    Path guava33 = TestLibs.guava("33.");
    // The runtime's own Guava (on this test's class path) has the class; only isolation hides it.
    assertThat(Class.forName(GUAVA_32_CLASS)).isNotNull();

    Path oldFolder = plugins.resolve("old-guava");
    installGuavaProbe("old-guava", guava31, oldFolder, oldFolder.resolve("lib"));
    Path newFolder = plugins.resolve("new-guava");
    installGuavaProbe("new-guava", guava33, newFolder, newFolder);

    PluginRegistry registry = loadDirectoryOnly();
    SourceProvider old = registry.source("old-guava");
    SourceProvider current = registry.source("new-guava");

    assertThat(old.description()).isEqualTo(
        "guava " + TestLibs.guavaVersion(guava31) + " from " + guava31.getFileName() + ", J2ktIncompatible absent");
    assertThat(current.description()).isEqualTo(
        "guava " + TestLibs.guavaVersion(guava33) + " from " + guava33.getFileName() + ", J2ktIncompatible present");
    // One class name, two class loaders: each plugin got its own copy of everything it bundles.
    assertThat(old.getClass().getName()).isEqualTo(current.getClass().getName());
    assertThat(old.getClass()).isNotSameAs(current.getClass());
    assertThat(old.getClass().getClassLoader()).isInstanceOfSatisfying(PluginClassLoader.class,
        loader -> assertThat(loader.location()).isEqualTo(oldFolder));
    assertThat(registry.installed()).extracting(InstalledPlugin::location)
        .containsExactly(newFolder.toString(), oldFolder.toString());
  }

  @Test
  void aPluginCannotSeeTheRuntimesLibraries() throws Exception {
    SourceProvider caller = loadGuavaCaller();
    ClassLoader loader = caller.getClass().getClassLoader();

    // The runtime has Guava, Jackson and picocli; the plugin, which bundles none, must not get them.
    assertThat(Class.forName("com.google.common.base.Strings")).isNotNull();
    assertThatThrownBy(caller::description)
        .isInstanceOf(NoClassDefFoundError.class)
        .hasMessageContaining("com/google/common/base/Strings");
    assertThatThrownBy(() -> loader.loadClass("com.google.common.base.Strings"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> loader.loadClass("picocli.CommandLine")).isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  void aPluginSharesTheRuntimesSlf4jSoItsLibrariesLogWhereTheRuntimeLogs() throws Exception {
    ClassLoader loader = loadGuavaCaller().getClass().getClassLoader();

    assertThat(loader.loadClass(LoggerFactory.class.getName())).isSameAs(LoggerFactory.class);
    assertThat(loader.getResource(LoggerFactory.class.getName().replace('.', '/') + ".class")).isNotNull();
  }

  @Test
  void aPluginCannotSeeTheApplicationsServiceFiles() throws Exception {
    String probeServices = "META-INF/services/" + TriggerPolicyProvider.class.getName();
    assertThat(getClass().getClassLoader().getResource(probeServices)).isNotNull();

    SourceProvider caller = loadGuavaCaller();

    assertThat(caller.getClass().getClassLoader().getResource(probeServices)).isNull();
  }

  @Test
  void aPluginSharesTheRuntimesSpiClassesAndSeesTheJdk() throws Exception {
    SourceProvider caller = loadGuavaCaller();
    ClassLoader loader = caller.getClass().getClassLoader();

    assertThat(loader.loadClass(Plugin.class.getName())).isSameAs(Plugin.class);
    assertThat(loader.loadClass(Row.class.getName())).isSameAs(Row.class);
    assertThat(loader.getResource(Plugin.class.getName().replace('.', '/') + ".class")).isNotNull();
    assertThat(loader.loadClass("java.lang.System$Logger")).isSameAs(System.Logger.class);
    assertThat(loader.loadClass("java.sql.Timestamp")).isSameAs(java.sql.Timestamp.class);
  }

  @Test
  void aPluginsLoaderOutlivesItsSessionAndTheNextSessionSharesIt() throws Exception {
    fixtures.builder()
        .source(fqcn("LateSource"), TestPlugins.lateLoader("LateSource", "late"))
        .service(SourceProvider.class, fqcn("LateSource"))
        .writeTo(plugins.resolve("late.jar"));
    Map<String, String> settings = Map.of("millrace.plugins.dir", plugins.toString());
    SourceProvider first;
    try (Engine engine = new Engine(settings, FaultInjector.NONE)) {
      first = engine.plugins().source("late");
    }

    // What Hadoop's shutdown hook does at exit: load a class of the plugin after its session closed.
    assertThat(first.description()).isEqualTo("loaded late");
    try (Engine engine = new Engine(settings, FaultInjector.NONE)) {
      assertThat(engine.plugins().source("late").getClass()).isSameAs(first.getClass());
    }
  }

  /** Builds the probe source against {@code guava} into {@code folder}, and the Guava jar into {@code libFolder}. */
  private void installGuavaProbe(String name, Path guava, Path folder, Path libFolder) throws IOException {
    fixtures.builder()
        .classpath(guava)
        .source(fqcn("GuavaProbe"), TestPlugins.guavaProbe("GuavaProbe", name))
        .service(SourceProvider.class, fqcn("GuavaProbe"))
        .writeTo(folder.resolve(name + "-probe.jar"));
    Files.createDirectories(libFolder);
    Files.copy(guava, libFolder.resolve(guava.getFileName()));
  }

  /**
   * Loads, with this test's class loader as the application's, a plugin compiled against
   * Guava that does not bundle it.
   */
  private SourceProvider loadGuavaCaller() throws IOException {
    fixtures.builder()
        .classpath(TestLibs.guava("33."))
        .source(fqcn("GuavaCaller"), TestPlugins.guavaCaller("GuavaCaller", "no-guava"))
        .service(SourceProvider.class, fqcn("GuavaCaller"))
        .writeTo(plugins.resolve("no-guava.jar"));
    return load(getClass().getClassLoader()).source("no-guava");
  }
}
