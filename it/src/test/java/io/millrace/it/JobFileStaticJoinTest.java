package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.runtime.job.JobFile;
import io.millrace.runtime.job.JobFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file's {@code static: true} source: what it accepts, and errors at the field that is wrong. */
class JobFileStaticJoinTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

  @TempDir Path dir;

  private String job(String staticFlag, String firstStep, String ownersOptions) {
    return String.join("\n",
        "sources:",
        "  events:",
        "    format: file",
        "    schema: \"ts TIMESTAMP, id LONG, key STRING, amount DOUBLE\"",
        "    options: {path: " + EXAMPLES.resolve("data/events") + ", format: json}",
        "  owners:",
        "    static: " + staticFlag,
        "    format: json",
        "    schema: \"ownedKey STRING, owner STRING\"",
        "    options: {path: " + EXAMPLES.resolve("data/key-owners") + ownersOptions + "}",
        "pipeline:",
        "  - " + firstStep,
        "sink: {format: console}",
        "trigger: availableNow",
        "checkpointLocation: " + dir.resolve("ck"),
        "");
  }

  private static final String JOIN = "join: {left: events, right: owners, on: \"key = ownedKey\", type: leftOuter}";

  private static void assertStartFails(String yaml, String messageStart, String detail) {
    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> JobFile.parse("owners.yaml", yaml).start(session).stop())
          .isInstanceOf(JobFileException.class).hasMessageStartingWith(messageStart).hasMessageContaining(detail);
    }
  }

  @Test
  void staticTakesTrueOrFalseOnly() {
    assertStartFails(job("maybe", JOIN, ""), "owners.yaml line 7, field 'sources.owners.static': ",
        "'static' is true");
  }

  @Test
  void aStaticSourceCannotBeUnioned() {
    assertStartFails(job("true", "union: [events, owners]", ""), "owners.yaml line 7, field 'sources.owners.static': ",
        "only the side of a join with a stream");
  }

  @Test
  void aStaticJoinTheStreamStreamRulesRefuseIsReportedAtTheType() {
    assertStartFails(job("true", "join: {left: events, right: owners, on: \"key = ownedKey\", type: fullOuter}", ""),
        "owners.yaml line 12, field 'pipeline[0].join.type': ", "join type FullOuter with a streaming dataset on the left");
  }

  @Test
  void aBadRefreshIntervalNamesTheOption() {
    assertStartFails(job("true", JOIN, ", refreshInterval: often"),
        "owners.yaml line 10, field 'sources.owners.options.refreshInterval': ", "expected a duration");
  }
}
