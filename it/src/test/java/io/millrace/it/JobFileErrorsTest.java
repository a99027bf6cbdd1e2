package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.runtime.job.JobFile;
import io.millrace.runtime.job.JobFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job-file errors of the real plugins name their own section, line and field: the {@code file}
 * source and the {@code delta} sink both take a {@code path}, and a missing sink path must not
 * be reported at the source's.
 */
class JobFileErrorsTest {
  private static final Path EVENTS = Path.of("..", "examples", "data", "events").toAbsolutePath().normalize();

  @TempDir Path dir;

  private String job(String schemaLine, String sink, boolean withCheckpoint) {
    return String.join("\n",
        "source:",
        "  format: file",
        schemaLine,
        "  options:",
        "    path: " + EVENTS,
        "    format: json",
        sink,
        "trigger: availableNow",
        withCheckpoint ? "checkpointLocation: " + dir.resolve("ck") : "",
        "");
  }

  private static final String SCHEMA = "  schema: \"ts TIMESTAMP, id LONG, key STRING, amount DOUBLE\"";

  private void assertStartFails(String yaml, String messageStart, String detail) {
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile parsed = JobFile.parse("events.yaml", yaml);
      assertThatThrownBy(() -> parsed.start(session).stop())
          .isInstanceOf(JobFileException.class)
          .hasMessageStartingWith(messageStart)
          .hasMessageContaining(detail);
    }
  }

  @Test
  void aMissingDeltaPathIsReportedAtTheSinkNotAtTheSourcesPath() {
    assertStartFails(job(SCHEMA, "sink:\n  format: delta", true),
        "events.yaml line 7, field 'sink.options.path': ", "sink 'delta'");
    assertThat(dir.resolve("ck/offsets")).doesNotExist();
  }

  @Test
  void aMissingSchemaIsReportedAtTheSourcesSchemaField() {
    assertStartFails(job("  # no schema", "sink: {format: delta, options: {path: " + dir.resolve("t") + "}}", true),
        "events.yaml line 1, field 'source.schema': ", "needs a schema");
  }

  @Test
  void aNamedSourcesMissingSchemaIsReportedAtThatSourcesSchemaField() {
    String yaml = String.join("\n",
        "sources:",
        "  with-schema:",
        "    format: file",
        SCHEMA.replace("  schema", "    schema"),
        "    options: {path: " + EVENTS + ", format: json}",
        "  without:",
        "    format: file",
        "    options: {path: " + EVENTS + ", format: json}",
        "pipeline: [{union: [with-schema, without]}]",
        "sink: {format: delta, options: {path: " + dir.resolve("t") + "}}",
        "checkpointLocation: " + dir.resolve("ck"),
        "");
    assertStartFails(yaml, "events.yaml line 6, field 'sources.without.schema': ", "needs a schema");
  }

  @Test
  void aDeltaSinkWithoutACheckpointLocationIsRefusedNamingTheField() {
    assertStartFails(job(SCHEMA, "sink: {format: delta, options: {path: " + dir.resolve("t") + "}}", false),
        "events.yaml line 1: field 'checkpointLocation' is required: ", "sink 'delta' needs a checkpointLocation");
    assertThat(dir.resolve("t")).doesNotExist();
  }
}
