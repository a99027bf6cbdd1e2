package io.millrace.runtime.plugin;

import static io.millrace.runtime.plugin.TestPlugins.fqcn;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.cli.Main;
import io.millrace.spi.sink.SinkProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code millrace run --plugins-dir DIR} adds DIR to the plugins directories the job file's
 * {@code config} names; it never takes them away, which would turn a plugin the job uses into
 * an "unknown sink" with no word of why.
 */
class PluginsDirOptionTest extends PluginRegistryTestBase {

  @Test
  void pluginsDirAddsToTheJobFilesDirectories() throws Exception {
    fixtures.builder()
        .source(fqcn("JobSink"), TestPlugins.sink("JobSink", "job-file-sink"))
        .service(SinkProvider.class, fqcn("JobSink"))
        .writeTo(plugins.resolve("job-file-sink.jar"));
    Path more = Files.createDirectories(tmp.resolve("more-plugins"));
    Path job = tmp.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "source: {format: rate, options: {rowsPerSecond: 100}}",
        "sink: {format: job-file-sink}",
        "trigger: once",
        "checkpointLocation: " + tmp.resolve("ck"),
        "config:",
        "  millrace.plugins.dir: " + plugins,
        ""));

    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(out, true, StandardCharsets.UTF_8));
      code = Main.execute("run", job.toString(), "--plugins-dir", more.toString());
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }

    assertThat(code).as(out.toString(StandardCharsets.UTF_8)).isZero();
  }
}
