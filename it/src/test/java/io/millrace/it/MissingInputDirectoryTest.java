package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.runtime.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code millrace run} on a job whose file source reads a relative directory that does not exist
 * where the command runs (issue 14, item 7): it used to run no batch and exit 0; it now stops at
 * start with exit code 2 and names the directory as resolved and the option that would allow it.
 */
class MissingInputDirectoryTest {
  @TempDir Path dir;

  @Test
  void aMissingRelativeInputDirectoryStopsTheJobAtStartNamingTheResolvedPath() throws Exception {
    String relative = "examples-elsewhere-" + UUID.randomUUID() + "/events";
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, String.join("\n",
        "name: missing-input",
        "source:",
        "  format: file",
        "  schema: \"id LONG, key STRING\"",
        "  options: {path: " + relative + ", format: json}",
        "sink: {format: memory, outputMode: append}",
        "trigger: availableNow",
        "checkpointLocation: " + dir.resolve("checkpoint"),
        ""));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    PrintStream oldOut = System.out;
    int code;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      code = Main.execute("run", job.toString());
    } finally {
      System.setErr(oldErr);
      System.setOut(oldOut);
    }
    String message = err.toString(StandardCharsets.UTF_8);
    Path resolved = Path.of(System.getProperty("user.dir")).resolve(relative);
    assertThat(code).as(message + out.toString(StandardCharsets.UTF_8)).isEqualTo(2);
    assertThat(message).contains("file:" + resolved + "/ does not exist").contains("'createIfMissing'")
        .contains("working directory " + System.getProperty("user.dir"));
  }
}
