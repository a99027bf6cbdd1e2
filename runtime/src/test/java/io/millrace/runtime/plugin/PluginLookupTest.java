package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.spi.source.SourceProvider;
import io.millrace.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Finding plugins by name and scheme, and listing what is installed. */
class PluginLookupTest extends PluginRegistryTestBase {

  @Test
  void anUnknownNameListsTheInstalledNamesOfItsKind() throws Exception {
    fixtures.sinkJar(plugins.resolve("memory.jar"), "MemorySink", "memory");
    fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "console");
    PluginRegistry registry = loadDirectoryOnly();

    assertThatThrownBy(() -> registry.sink("consol"))
        .isInstanceOfSatisfying(UnknownPluginException.class, e -> {
          assertThat(e.kind()).isEqualTo(PluginKind.SINK);
          assertThat(e.requested()).isEqualTo("consol");
          assertThat(e.installed()).containsExactly("console", "memory");
        })
        .hasMessage("unknown sink 'consol'; installed sinks: console, memory");
  }

  @Test
  void anUnknownNameOfAKindWithNothingInstalledSaysNone() throws Exception {
    fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "console");
    PluginRegistry registry = loadDirectoryOnly();

    assertThatThrownBy(() -> registry.stateStore("rocksdb"))
        .isInstanceOf(UnknownPluginException.class)
        .hasMessage("unknown state store 'rocksdb'; installed state stores: none");
  }

  @Test
  void namesAndSchemesAreMatchedIgnoringCase() throws Exception {
    fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "Console");
    fixtures.storageJar(plugins.resolve("local.jar"), "LocalStorage", "local", Set.of("file"));
    PluginRegistry registry = loadDirectoryOnly();

    SinkProvider console = registry.sink("console");
    assertThat(console.name()).isEqualTo("Console");
    assertThat(registry.sink("CONSOLE")).isSameAs(console);
    assertThat(registry.find(PluginKind.SINK, "cOnSoLe", SinkProvider.class)).isSameAs(console);
    assertThat(registry.sink(console.getClass().getName())).as("selected by class name").isSameAs(console);
    assertThat(registry.find(PluginKind.STORAGE, "LOCAL", StorageProvider.class))
        .isSameAs(registry.storageForScheme("FILE"))
        .isSameAs(registry.storageForScheme("file"));
  }

  @Test
  void anUnknownSchemeListsTheInstalledSchemesAndWhereHdfsComesFrom() throws Exception {
    fixtures.storageJar(plugins.resolve("local.jar"), "LocalStorage", "local", Set.of("file"));
    PluginRegistry registry = loadDirectoryOnly();

    assertThatThrownBy(() -> registry.storageForScheme("hdfs"))
        .isInstanceOf(UnknownPluginException.class)
        .hasMessage("no storage serves scheme 'hdfs'; installed schemes: file"
            + " (install plugin-hadoop-storage for hdfs:, s3a:, ...)");
  }

  @Test
  void theHdfsHintIsLeftOutOnceHdfsIsServed() throws Exception {
    fixtures.storageJar(plugins.resolve("local.jar"), "LocalStorage", "local", Set.of("file"));
    fixtures.storageJar(plugins.resolve("hadoop.jar"), "HadoopStorage", "hadoop", Set.of("hdfs", "s3a"));
    PluginRegistry registry = loadDirectoryOnly();

    assertThatThrownBy(() -> registry.storageForScheme("gs"))
        .isInstanceOf(UnknownPluginException.class)
        .hasMessage("no storage serves scheme 'gs'; installed schemes: file, hdfs, s3a");
  }

  @Test
  void installedListsEveryPluginByKindThenNameWithItsLocationAndVersions() throws Exception {
    Path multi = fixtures.builder()
        .source(fqcn("ZetaSource"), TestPlugins.source("ZetaSource", "zeta", Spi.VERSION))
        .source(fqcn("AlphaSource"), TestPlugins.source("AlphaSource", "Alpha", Spi.VERSION))
        .source(fqcn("LocalStorage"), TestPlugins.storage("LocalStorage", "local", Set.of("file")))
        .service(SourceProvider.class, fqcn("ZetaSource"), fqcn("AlphaSource"))
        .service(StorageProvider.class, fqcn("LocalStorage"))
        .implementationVersion("2.3.4")
        .writeTo(plugins.resolve("multi.jar"));
    Path sink = fixtures.sinkJar(plugins.resolve("sink.jar"), "BetaSink", "beta");
    PluginRegistry registry = loadDirectoryOnly();

    assertThat(registry.installed())
        .extracting(InstalledPlugin::kind, InstalledPlugin::name, InstalledPlugin::version,
            InstalledPlugin::spiVersion, InstalledPlugin::location)
        .containsExactly(
            tuple(PluginKind.SOURCE, "Alpha", "2.3.4", Spi.VERSION, multi.toString()),
            tuple(PluginKind.SOURCE, "zeta", "2.3.4", Spi.VERSION, multi.toString()),
            tuple(PluginKind.SINK, "beta", "unversioned", Spi.VERSION, sink.toString()),
            tuple(PluginKind.STORAGE, "local", "2.3.4", Spi.VERSION, multi.toString()));
    assertThat(registry.installed().get(0).provider()).isSameAs(registry.source("alpha"));
  }

  @Test
  void findRefusesATypeThatDoesNotMatchTheKind() throws Exception {
    fixtures.sinkJar(plugins.resolve("console.jar"), "ConsoleSink", "console");
    PluginRegistry registry = loadDirectoryOnly();

    assertThatThrownBy(() -> registry.find(PluginKind.SINK, "console", SourceProvider.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'console'")
        .hasMessageContaining(SourceProvider.class.getName());
  }

  @Test
  void classPathPluginsAreFoundAndLocatedByTheirCodeSource() throws Exception {
    Path testClasses = Path.of(ClasspathProbeTrigger.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    PluginRegistry registry = PluginRegistry.load(getClass().getClassLoader(), Optional.empty());

    assertThat(registry.trigger("Classpath-Probe")).isInstanceOf(ClasspathProbeTrigger.class);
    assertThat(registry.installed())
        .filteredOn(p -> p.name().equals(ClasspathProbeTrigger.NAME))
        .singleElement()
        .satisfies(p -> {
          assertThat(p.kind()).isEqualTo(PluginKind.TRIGGER);
          assertThat(p.origin()).isEqualTo(PluginOrigin.CLASS_PATH);
          assertThat(p.location()).isEqualTo(testClasses.toString());
        });
  }

  @Test
  void classPathAndDirectoryPluginsAreFoundTogether() throws Exception {
    // A name no real plugin takes: the runtime's test class path also holds the built-in plugins.
    fixtures.sinkJar(plugins.resolve("directory-probe.jar"), "DirectoryProbeSink", "directory-probe");
    PluginRegistry registry = load(getClass().getClassLoader());

    assertThat(registry.trigger(ClasspathProbeTrigger.NAME).getClass().getClassLoader())
        .isSameAs(getClass().getClassLoader());
    assertThat(registry.sink("directory-probe").getClass().getClassLoader()).isInstanceOf(PluginClassLoader.class);
  }
}
