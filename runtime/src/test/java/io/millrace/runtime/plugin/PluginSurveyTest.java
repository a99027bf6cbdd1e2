package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.millrace.runtime.cli.Main;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.source.SourceProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One broken plugin among good ones: a survey ({@code millrace plugins}) lists it with the
 * reason and lists the rest; a load (every job) refuses to start, naming it.
 */
class PluginSurveyTest extends PluginRegistryTestBase {
  private Path good;
  private Path goodFolder;
  private Path notAZip;
  private Path hollow;
  private Path newerSpi;
  private Path secondTwin;

  /** A plugins directory with two good plugins and one of each kind of broken plugin. */
  @BeforeEach
  void installGoodAndBrokenPlugins() throws Exception {
    good = fixtures.sinkJar(plugins.resolve("a-good.jar"), "GoodSink", "good");
    goodFolder = plugins.resolve("b-folder");
    fixtures.triggerJar(goodFolder.resolve("folder.jar"), "FolderTrigger", "folder");
    notAZip = Files.writeString(plugins.resolve("c-not-a-zip.jar"), "<html>404 Not Found</html>");
    hollow = fixtures.builder().service(SourceProvider.class, fqcn("Missing")).writeTo(plugins.resolve("d-hollow.jar"));
    newerSpi = fixtures.sourceJar(plugins.resolve("e-newer.jar"), "NewerSource", "newer", nextMajorSpi());
    secondTwin = fixtures.sinkJar(plugins.resolve("f-twin.jar"), "TwinSink", "GOOD");
  }

  @Test
  void aSurveyListsEveryBrokenPluginWithItsReasonAndTheRestAsInstalled() {
    PluginRegistry registry = surveyDirectoryOnly();

    assertThat(registry.installed())
        .extracting(InstalledPlugin::name, InstalledPlugin::origin, InstalledPlugin::location)
        .containsExactly(
            tuple("good", PluginOrigin.PLUGINS_DIR, good.toString()),
            tuple("folder", PluginOrigin.PLUGINS_DIR, goodFolder.toString()));
    assertThat(registry.broken()).extracting(BrokenPlugin::location)
        .containsExactly(notAZip.toString(), hollow.toString(), newerSpi.toString(), secondTwin.toString());
    List<String> reasons = registry.broken().stream().map(BrokenPlugin::reason).toList();
    assertThat(reasons.get(0)).startsWith("plugin jar " + notAZip + " is not a readable jar (zip) file: ");
    assertThat(reasons.get(1)).startsWith("cannot load source plugins from " + hollow + ": ").contains(fqcn("Missing"));
    assertThat(reasons.get(2)).isEqualTo("plugin 'newer' (source) in " + newerSpi + " was built for SPI "
        + nextMajorSpi() + "; this runtime has SPI " + Spi.VERSION);
    assertThat(reasons.get(3)).startsWith("two sink plugins are named 'GOOD': 'good'");
    assertThat(registry.sink("good").getClass().getName()).isEqualTo(fqcn("GoodSink"));
  }

  @Test
  void aLoadRefusesTheFirstBrokenPluginNamingIt() throws Exception {
    Files.delete(good);

    assertThatThrownBy(this::loadDirectoryOnly)
        .isExactlyInstanceOf(MillraceException.class)
        .hasMessageStartingWith("plugin jar " + notAZip + " is not a readable jar (zip) file: ");
  }

  @Test
  void millracePluginsListsTheBrokenOnesWithTheReasonAndTheRestAndExitsWithTwo() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      code = Main.execute("plugins", "--plugins-dir", plugins.toString());
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();

    assertThat(code).isEqualTo(2);
    assertThat(lines.get(0)).isEqualTo("plugins directories: " + plugins);
    assertThat(lines).anySatisfy(l -> assertThat(l.split(" +"))
        .containsExactly("sink", "good", "unversioned", Spi.VERSION, "plugins", "dir", good.toString()));
    assertThat(lines).anySatisfy(l -> assertThat(l.split(" +"))
        .containsExactly("trigger", "folder", "unversioned", Spi.VERSION, "plugins", "dir", goodFolder.toString()));
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("storage ").contains(" local ").contains(" class path "));
    assertThat(lines).contains("broken plugins (4); millrace run refuses to start until each is fixed or removed:",
        "  " + notAZip + " (plugins dir)", "  " + hollow + " (plugins dir)", "  " + newerSpi + " (plugins dir)",
        "  " + secondTwin + " (plugins dir)");
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("    plugin jar " + notAZip + " is not a readable jar"));
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("millrace: 4 plugin(s) could not be loaded");
  }

  private static String nextMajorSpi() {
    return (Integer.parseInt(Spi.VERSION.split("\\.")[0]) + 1) + ".0";
  }
}
