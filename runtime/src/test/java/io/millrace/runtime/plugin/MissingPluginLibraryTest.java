package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import io.millrace.api.Trigger;
import io.millrace.api.testing.MemoryStream;
import io.millrace.runtime.cli.Main;
import io.millrace.runtime.plugin.TestPlugins.GuavaCall;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plugin folder that lacks one of its libraries (here a sink compiled against Guava, which
 * its folder does not hold) fails on first use with an error that names the plugin, the missing
 * class and the folder to put the library in, not with the JVM's bare NoClassDefFoundError.
 */
class MissingPluginLibraryTest extends PluginRegistryTestBase {
  private static final String MISSING = "com.google.common.base.Strings";

  private final String input = "in-" + UUID.randomUUID();

  @AfterEach
  void forgetInput() {
    MemoryStream.remove(input);
  }

  @Test
  void aSinkThatNeedsTheMissingLibraryWhenCreatedFailsTheQueryAtStartNamingPluginClassAndFolder() throws Exception {
    Path folder = installGuavaSink("lonely", GuavaCall.CREATE);

    try (MillraceSession session = session()) {
      assertThatThrownBy(() -> startInto(session, "lonely"))
          .isInstanceOfSatisfying(MissingPluginClassException.class, e -> {
            assertThat(e.missingClass()).isEqualTo(MISSING);
            assertThat(e.location()).isEqualTo(folder.toString());
          })
          .hasMessage("plugin sink 'lonely' in " + folder + " needs class " + MISSING + ", which none of its jars"
              + " holds (a plugin sees only its own jars, the JDK, the SPI and SLF4J): a library is missing from the"
              + " folder " + folder + "; add the jar that holds the class there")
          .hasRootCauseInstanceOf(ClassNotFoundException.class);
    }
  }

  @Test
  void aSinkThatNeedsTheMissingLibraryInABatchFailsTheQueryNamingPluginClassAndFolder() throws Exception {
    Path folder = installGuavaSink("lonely", GuavaCall.ADD_BATCH);

    try (MillraceSession session = session()) {
      StreamingQuery query = startInto(session, "lonely");

      assertThatThrownBy(query::awaitTermination).isInstanceOfSatisfying(StreamingQueryException.class, e -> {
        assertThat(e.getMessage()).contains("failed in batch 0: plugin sink 'lonely' in " + folder + " needs class "
            + MISSING + ", which none of its jars holds").contains("a library is missing from the folder " + folder);
        assertThat(e.getCause()).isInstanceOf(MissingPluginClassException.class);
      });
    }
  }

  @Test
  void millraceRunSaysWhichPluginClassAndFolderAndExitsWithTwo() throws Exception {
    Path folder = installGuavaSink("lonely", GuavaCall.CREATE);
    Path job = Files.writeString(tmp.resolve("job.yaml"), String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 10}}",
        "sink: {format: lonely}",
        "trigger: once",
        "checkpointLocation: " + tmp.resolve("checkpoint"),
        ""));

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    int code;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      code = Main.execute("run", job.toString(), "--plugins-dir", plugins.toString());
    } finally {
      System.setErr(oldErr);
    }

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).lines()).as("stderr, log lines and the error").anySatisfy(l ->
        assertThat(l).startsWith("millrace: plugin sink 'lonely' in " + folder + " needs class " + MISSING
            + ", which none of its jars holds"));
  }

  @Test
  void aProviderThatCannotBeBuiltWithoutTheMissingLibraryFailsAtLoadNamingClassAndFolder() throws Exception {
    Path folder = plugins.resolve("static-guava");
    fixtures.builder()
        .classpath(TestLibs.guava("33."))
        .source(fqcn("StaticGuavaSink"), TestPlugins.sink("StaticGuavaSink", "static-guava").replace(
            "public String name()",
            "private static final String BAR = com.google.common.base.Strings.repeat(\"=\", 3);\n  public String name()"))
        .service(SinkProvider.class, fqcn("StaticGuavaSink"))
        .writeTo(folder.resolve("static-guava.jar"));

    assertThatThrownBy(this::loadDirectoryOnly)
        .hasMessageStartingWith("cannot load sink plugins from " + folder + ": ")
        .hasMessageEndingWith("; class " + MISSING + " is in none of its jars, and a plugin sees only those, the JDK"
            + " and the SPI: a library is missing from " + folder);
  }

  /** A folder {@code plugins/<name>} with a sink compiled against Guava, without Guava. */
  private Path installGuavaSink(String name, GuavaCall when) throws IOException {
    Path folder = plugins.resolve(name);
    fixtures.builder()
        .classpath(TestLibs.guava("33."))
        .source(fqcn("GuavaSink"), TestPlugins.guavaSink("GuavaSink", name, when))
        .service(SinkProvider.class, fqcn("GuavaSink"))
        .writeTo(folder.resolve(name + "-sink.jar"));
    return folder;
  }

  private MillraceSession session() {
    return MillraceSession.builder().config("millrace.plugins.dir", plugins.toString()).build();
  }

  private StreamingQuery startInto(MillraceSession session, String sink) {
    MemoryStream stream = MemoryStream.create(input, Schema.parse("id LONG"));
    stream.addData(java.util.List.of(Row.of(1L)));
    return session.readStream().format("memory").option("name", input).load()
        .writeStream().format(sink).trigger(Trigger.availableNow())
        .option("checkpointLocation", tmp.resolve("checkpoint").toString()).start();
  }
}
