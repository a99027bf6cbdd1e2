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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFileTest {
  @TempDir Path dir;

  private static final String GOOD = String.join("\n",
      "name: job-test",
      "source:",
      "  format: memory",
      "  options: {name: job-in}",
      "pipeline:",
      "  - filter: \"id > 1\"",
      "  - withColumn: {name: twice, expr: \"id * 2\"}",
      "  - select: [id, twice, \"upper(name) AS shout\"]",
      "sink:",
      "  format: memory",
      "  options: {name: job-out}",
      "trigger: availableNow",
      "");

  @Test
  void runsAJobFile() {
    MemoryStream in = MemoryStream.create("job-in", Schema.parse("id LONG, name STRING"));
    try (MillraceSession session = MillraceSession.builder().build()) {
      in.addData(Row.of(1L, "a"), Row.of(2L, "b"), Row.of(3L, "c"));
      StreamingQuery q = JobFile.parse("good.yaml", GOOD + "checkpointLocation: " + dir.resolve("ck") + "\n").start(session);
      q.awaitTermination();
      assertThat(q.name()).isEqualTo("job-test");
      assertThat(MemorySinkTable.get("job-out").rows()).containsExactly(Row.of(2L, 4L, "B"), Row.of(3L, 6L, "C"));
    } finally {
      MemoryStream.remove("job-in");
      MemorySinkTable.remove("job-out");
    }
  }

  @Test
  void unknownFieldNamesLineAndAllowedFields() {
    String yaml = GOOD.replace("  options: {name: job-out}", "  option: {name: job-out}");
    assertThatThrownBy(() -> JobFile.parse("bad.yaml", yaml))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("bad.yaml line 11")
        .hasMessageContaining("sink.option")
        .hasMessageContaining("options");
  }

  @Test
  void missingRequiredFieldIsNamed() {
    String yaml = GOOD.replace("  format: memory\n  options: {name: job-out}", "  options: {name: job-out}");
    assertThatThrownBy(() -> JobFile.parse("bad.yaml", yaml))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("bad.yaml line 9: field 'sink.format' is required");
  }

  @Test
  void badExpressionNamesLineAndPosition() {
    String yaml = GOOD.replace("\"id > 1\"", "\"id > \"");
    assertThatThrownBy(() -> JobFile.parse("bad.yaml", yaml))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("bad.yaml line 6")
        .hasMessageContaining("pipeline[0].filter");
  }

  @Test
  void unknownStepListsTheSteps() {
    String yaml = GOOD.replace("  - filter: \"id > 1\"", "  - filtr: \"id > 1\"");
    assertThatThrownBy(() -> JobFile.parse("bad.yaml", yaml))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("line 6")
        .hasMessageContaining("filtr")
        .hasMessageContaining("withColumn");
  }

  @Test
  void invalidYamlNamesTheLine() {
    assertThatThrownBy(() -> JobFile.parse("bad.yaml", "source:\n  format: [memory\nsink: x\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("bad.yaml line")
        .hasMessageContaining("not valid YAML");
  }

  @Test
  void optionRejectedByAPluginIsTracedToItsLine() {
    MemoryStream.create("job-in", Schema.parse("id LONG, name STRING"));
    String yaml = GOOD.replace("  options: {name: job-in}", "  options:\n    name: job-in\n    numPartitions: lots");
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile job = JobFile.parse("bad.yaml", yaml);
      assertThatThrownBy(() -> job.start(session))
          .isInstanceOf(JobFileException.class)
          .hasMessageContaining("bad.yaml line 6")
          .hasMessageContaining("source.options.numPartitions")
          .hasMessageContaining("lots");
    } finally {
      MemoryStream.remove("job-in");
    }
  }

  @Test
  void aSinkThatNeedsACheckpointLocationNamesTheMissingField() {
    MemoryStream.create("job-in", Schema.parse("id LONG, name STRING"));
    String yaml = String.join("\n",
        "source: {format: memory, options: {name: job-in}}",
        "sink:",
        "  format: durable-file",
        "  options: {path: " + dir.resolve("out") + "}",
        "");
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile job = JobFile.parse("nockpt.yaml", yaml);
      assertThatThrownBy(() -> job.start(session))
          .isInstanceOf(JobFileException.class)
          .hasMessageContaining("nockpt.yaml")
          .hasMessageContaining("field 'checkpointLocation'")
          .hasMessageContaining("sink 'durable-file'");
    } finally {
      MemoryStream.remove("job-in");
    }
  }

  /** A job whose source takes a {@code path} too: a missing sink path must not be blamed on it. */
  private static String sequenceTo(String sink) {
    return String.join("\n",
        "source:",
        "  format: sequence",
        "  options: {path: /data/in, total: 10}",
        sink,
        "trigger: {policy: processingTime, interval: 1 second}",
        "");
  }

  private JobFileException startFails(String yaml) {
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile job = JobFile.parse("job.yaml", yaml + "checkpointLocation: " + dir.resolve("ck") + "\n");
      return org.junit.jupiter.api.Assertions.assertThrows(JobFileException.class, () -> job.start(session).stop());
    }
  }

  @Test
  void aMissingSinkOptionIsReportedAtTheSinkWhenTheSinkHasNoOptions() {
    JobFileException e = startFails(sequenceTo("sink:\n  format: durable-file"));
    assertThat(e).hasMessageStartingWith("job.yaml line 4, field 'sink.options.path': ")
        .hasMessageContaining("option 'path' of sink 'durable-file' is required");
  }

  @Test
  void aMissingSinkOptionIsReportedAtTheSinksOptions() {
    JobFileException e = startFails(sequenceTo("sink:\n  format: durable-file\n  options:\n    other: x"));
    assertThat(e).hasMessageStartingWith("job.yaml line 6, field 'sink.options.path': ");
  }

  @Test
  void aBadTriggerOptionIsReportedAtTheTriggerEvenWhenTheSinkHasAnOptionOfThatName() {
    String yaml = String.join("\n",
        "source: {format: sequence}",
        "sink:",
        "  format: durable-file",
        "  options: {path: " + dir.resolve("out") + ", interval: 5}",
        "trigger:",
        "  policy: processingTime",
        "  interval: soon",
        "");
    JobFileException e = startFails(yaml);
    assertThat(e).hasMessageStartingWith("job.yaml line 7, field 'trigger.interval': ").hasMessageContaining("soon");
  }

  @Test
  void anUnknownSinkIsReportedAtItsFormat() {
    JobFileException e = startFails(sequenceTo("sink:\n  options: {path: /x}\n  format: durable-fiel"));
    assertThat(e).hasMessageStartingWith("job.yaml line 6, field 'sink.format': ")
        .hasMessageContaining("unknown sink 'durable-fiel'");
  }

  @Test
  void anUnknownSourceIsReportedAtItsFormat() {
    JobFileException e = startFails("source: {format: sequense}\nsink: {format: memory, options: {name: x}}\n");
    assertThat(e).hasMessageStartingWith("job.yaml line 1, field 'source.format': ")
        .hasMessageContaining("unknown source 'sequense'");
  }
}
