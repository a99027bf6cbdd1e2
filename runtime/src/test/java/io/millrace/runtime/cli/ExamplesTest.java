package io.millrace.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bundled examples that need only the built-in plugins run as the README says, with
 * {@code millrace run FILE --max-batches N}, on the embedded defaults; only their checkpoint is
 * moved to a scratch directory, so a rerun starts afresh.
 */
class ExamplesTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

  /** Examples that need plugins outside the runtime module, and the test that runs each. */
  private static final Set<String> RUN_ELSEWHERE = Set.of(
      "events-to-delta.yaml" /* it: EventsToDeltaExampleTest (file source, delta sink) */,
      "kafka-to-delta.yaml" /* it: KafkaToDeltaExampleTest (kafka source on an embedded broker, delta sink) */,
      "events-with-owners.yaml" /* it: StaticJoinExampleTest (file source, a static json table) */,
      "sessions-to-delta.yaml" /* it: SessionsExampleTest (file source, delta sink) */);

  private static final List<String> BUILT_IN = List.of("rate-to-console.yaml", "windowed-count.yaml",
      "union-to-console.yaml", "join-to-console.yaml");

  static List<String> builtIn() {
    return BUILT_IN;
  }

  @TempDir Path dir;

  @Test
  void everyExampleIsRunBySomeTest() throws IOException {
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      List<String> examples = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).toList();
      assertThat(examples).containsExactlyInAnyOrderElementsOf(
          Stream.concat(BUILT_IN.stream(), RUN_ELSEWHERE.stream()).toList());
    }
  }

  @ParameterizedTest
  @MethodSource("builtIn")
  void runsOnTheBuiltInPlugins(String example) throws IOException {
    String yaml = Files.readString(EXAMPLES.resolve(example));
    String checkpoint = yaml.lines().filter(l -> l.startsWith("checkpointLocation: ")).findFirst().orElseThrow();
    Path job = Files.writeString(dir.resolve(example),
        yaml.replace(checkpoint, "checkpointLocation: " + dir.resolve("ck")));

    PrintStream oldOut = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      code = Main.execute("run", job.toString(), "--max-batches", "2");
    } finally {
      System.setOut(oldOut);
    }
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(code).as(printed).isZero();
    assertThat(printed).contains("2 batch(es) ran");
    assertThat(dir.resolve("ck/commits/1")).exists();
  }
}
