package io.millrace.runtime.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ${NAME}} and {@code ${NAME:-default}} in a job file read the environment. */
class JobFileEnvironmentTest {
  @TempDir Path dir;

  private static final String JOB = String.join("\n",
      "source:",
      "  format: memory",
      "  options: {name: \"${IN_STREAM}\"}",
      "pipeline:",
      "  - withColumn: {name: tag, expr: \"'${TAG:-untagged}'\"}",
      "  - withColumn: {name: literal, expr: \"'$${kept}'\"}",
      "sink:",
      "  format: memory",
      "  options: {name: env-out}",
      "trigger: availableNow",
      "");

  @Test
  void referencesAreReplacedAndDefaultsApply() {
    MemoryStream in = MemoryStream.create("env-in", Schema.parse("id LONG"));
    try (MillraceSession session = MillraceSession.builder().build()) {
      in.addData(Row.of(1L));
      StreamingQuery q = JobFile.parse("env.yaml", JOB + "checkpointLocation: " + dir.resolve("ck") + "\n",
          Map.of("IN_STREAM", "env-in")::get).start(session);
      q.awaitTermination();
      assertThat(MemorySinkTable.get("env-out").rows()).containsExactly(Row.of(1L, "untagged", "${kept}"));
    } finally {
      MemoryStream.remove("env-in");
      MemorySinkTable.remove("env-out");
    }
  }

  @Test
  void aVariableThatIsNotSetIsNamedWithItsField() {
    assertThatThrownBy(() -> JobFile.parse("env.yaml", JOB, Map.<String, String>of()::get))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("env.yaml line 3, field 'source.options.name'")
        .hasMessageContaining("environment variable IN_STREAM is not set");
  }
}
