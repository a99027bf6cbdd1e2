package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.MillraceException;
import io.millrace.spi.PluginKind;
import io.millrace.spi.Spi;
import io.millrace.spi.source.SourceProvider;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A broken installation fails at load, naming the plugin and where it is. */
class PluginLoadFailureTest extends PluginRegistryTestBase {

  @Test
  void twoPluginsOfOneKindWithOneNameAreRefusedNamingBothJars() throws Exception {
    Path first = fixtures.sinkJar(plugins.resolve("a-twin.jar"), "TwinSink", "twin");
    Path second = fixtures.sinkJar(plugins.resolve("b-twin.jar"), "OtherTwinSink", "TWIN");

    assertThatThrownBy(this::loadDirectoryOnly)
        .isInstanceOfSatisfying(DuplicatePluginException.class, e -> {
          assertThat(e.kind()).isEqualTo(PluginKind.SINK);
          assertThat(e.claimed()).isEqualTo("TWIN");
          assertThat(e.locations()).containsExactly(first.toString(), second.toString());
        })
        .hasMessage("two sink plugins are named 'TWIN': 'twin' (test.plugins.TwinSink) in " + first
            + " and 'TWIN' (test.plugins.OtherTwinSink) in " + second + "; remove one of them");
  }

  @Test
  void aDirectoryPluginMayNotTakeTheNameOfAClassPathPlugin() throws Exception {
    Path jar = fixtures.triggerJar(plugins.resolve("probe.jar"), "ProbeTrigger", ClasspathProbeTrigger.NAME);
    Path testClasses = Path.of(ClasspathProbeTrigger.class.getProtectionDomain().getCodeSource().getLocation().toURI());

    assertThatThrownBy(() -> load(getClass().getClassLoader()))
        .isInstanceOfSatisfying(DuplicatePluginException.class,
            e -> assertThat(e.locations()).containsExactly(testClasses.toString(), jar.toString()));
  }

  @Test
  void twoStoragePluginsServingOneSchemeAreRefusedNamingBothJars() throws Exception {
    Path first = fixtures.storageJar(plugins.resolve("a.jar"), "MemA", "mem-a", Set.of("mem"));
    Path second = fixtures.storageJar(plugins.resolve("b.jar"), "MemB", "mem-b", Set.of("MEM"));

    assertThatThrownBy(this::loadDirectoryOnly)
        .isInstanceOfSatisfying(DuplicatePluginException.class, e -> {
          assertThat(e.claimed()).isEqualTo("mem");
          assertThat(e.locations()).containsExactly(first.toString(), second.toString());
        })
        .hasMessageContaining("two storage plugins serve the scheme 'mem'")
        .hasMessageContaining(first.toString())
        .hasMessageContaining(second.toString());
  }

  static Stream<String> incompatibleVersions() {
    String[] parts = Spi.VERSION.split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    // A newer major, an older major, and a newer minor of this major: all refused.
    return Stream.of((major + 1) + ".0", (major - 1) + ".9", major + "." + (minor + 1));
  }

  @ParameterizedTest
  @MethodSource("incompatibleVersions")
  void aPluginBuiltForAnIncompatibleSpiIsRefusedAtLoad(String pluginSpi) throws Exception {
    Path jar = fixtures.sourceJar(plugins.resolve("foo.jar"), "FooSource", "foo", pluginSpi);

    assertThatThrownBy(this::loadDirectoryOnly)
        .isInstanceOfSatisfying(IncompatiblePluginException.class, e -> {
          assertThat(e.location()).isEqualTo(jar.toString());
          assertThat(e.pluginSpiVersion()).contains(pluginSpi);
          assertThat(e.runtimeSpiVersion()).isEqualTo(Spi.VERSION);
        })
        .hasMessage("plugin 'foo' (source) in " + jar + " was built for SPI " + pluginSpi
            + "; this runtime has SPI " + Spi.VERSION);
  }

  @Test
  void aPluginWithAMalformedSpiVersionIsRefused() throws Exception {
    Path jar = fixtures.sourceJar(plugins.resolve("foo.jar"), "FooSource", "foo", "one");

    assertThatThrownBy(this::loadDirectoryOnly)
        .isInstanceOf(IncompatiblePluginException.class)
        .hasMessage("plugin 'foo' (source) in " + jar + " reports SPI version 'one', which is not MAJOR.MINOR;"
            + " this runtime has SPI " + Spi.VERSION);
  }

  @Test
  void aPluginBuiltBeforeSpiVersionExistedIsRefusedNamingItsJar() throws Exception {
    // Compiled against a stand-in for an SPI whose Plugin had no spiVersion().
    Path jar = fixtures.builder()
        .compileOnly("io.millrace.spi.Plugin", "package io.millrace.spi; public interface Plugin { String name(); }")
        .compileOnly("io.millrace.spi.source.SourceProvider",
            "package io.millrace.spi.source; public interface SourceProvider extends io.millrace.spi.Plugin {}")
        .source(fqcn("AncientSource"), """
            package test.plugins;
            public final class AncientSource implements io.millrace.spi.source.SourceProvider {
              public String name() { return "ancient"; }
            }
            """)
        .service(SourceProvider.class, fqcn("AncientSource"))
        .writeTo(plugins.resolve("ancient.jar"));

    assertThatThrownBy(this::loadDirectoryOnly)
        .isInstanceOfSatisfying(IncompatiblePluginException.class,
            e -> assertThat(e.pluginSpiVersion()).isEmpty())
        .hasMessage("plugin class test.plugins.AncientSource (source) in " + jar + " does not implement spiVersion(),"
            + " so it was built for an SPI older than this runtime's SPI " + Spi.VERSION
            + "; rebuild it against SPI " + Spi.VERSION)
        .hasCauseInstanceOf(AbstractMethodError.class);
  }

  @Test
  void aListedProviderClassThatIsMissingFailsNamingTheJarAndTheClass() throws Exception {
    Path jar = fixtures.builder().service(SourceProvider.class, fqcn("Missing")).writeTo(plugins.resolve("hollow.jar"));

    assertThatThrownBy(this::loadDirectoryOnly)
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessageStartingWith("cannot load source plugins from " + jar + ": ")
        .hasMessageContaining(fqcn("Missing"));
  }

  @Test
  void aProviderWhoseConstructorThrowsFailsNamingTheJarAndTheCause() throws Exception {
    Path jar = fixtures.builder()
        .source(fqcn("ExplodingSource"), TestPlugins.source("ExplodingSource", "boom", Spi.VERSION).replace(
            "public String name()",
            "public ExplodingSource() { throw new IllegalStateException(\"no licence key\"); }\n  public String name()"))
        .service(SourceProvider.class, fqcn("ExplodingSource"))
        .writeTo(plugins.resolve("exploding.jar"));

    assertThatThrownBy(this::loadDirectoryOnly)
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessageStartingWith("cannot load source plugins from " + jar + ": ")
        .hasMessageContaining(fqcn("ExplodingSource"))
        .hasMessageContaining("no licence key");
  }

  @Test
  void aStoragePluginServingNoSchemeIsRefused() throws Exception {
    Path jar = fixtures.storageJar(plugins.resolve("nowhere.jar"), "NowhereStorage", "nowhere", Set.of());

    assertThatThrownBy(this::loadDirectoryOnly)
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessageContaining("'nowhere'")
        .hasMessageContaining(jar.toString())
        .hasMessageContaining("at least one URI scheme");
  }
}
