package io.millrace.runtime.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each way to get named sources and their union wrong fails with the file, line and field. */
class JobFileSourcesErrorsTest {
  @TempDir Path dir;

  private static final String SINK = "sink: {format: memory, options: {name: jfse-out}}\n";

  /** Two named sources on lines 2 and 3; the top-level pipeline starts on line 4. */
  private static String twoSources(String pipeline) {
    return "sources:\n"
        + "  a: {format: memory, options: {name: jfse-a}}\n"
        + "  b: {format: memory, options: {name: jfse-b}}\n"
        + "pipeline:\n" + pipeline + SINK;
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertParseFails(String yaml) {
    return assertThatThrownBy(() -> JobFile.parse("job.yaml", yaml)).isInstanceOf(JobFileException.class);
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove("jfse-a");
    MemoryStream.remove("jfse-b");
  }

  @Test
  void bothSourceAndSourcesAreRefusedAtSources() {
    assertParseFails("source: {format: memory}\n" + twoSources("  - union: [a, b]\n"))
        .hasMessageStartingWith("job.yaml line 2, field 'sources': ")
        .hasMessageContaining("either one 'source' (line 1) or named 'sources', not both");
  }

  @Test
  void neitherSourceNorSourcesIsRefused() {
    assertParseFails(SINK)
        .hasMessageStartingWith("job.yaml line 1: field 'source' is required: ")
        .hasMessageContaining("named 'sources'");
  }

  @Test
  void emptySourcesAreRefused() {
    assertParseFails("sources: {}\n" + SINK)
        .hasMessageStartingWith("job.yaml line 1, field 'sources': no source is named");
  }

  @Test
  void aUnionNamingAnUnknownSourceListsTheKnownOnes() {
    assertParseFails(twoSources("  - union:\n    - a\n    - c\n"))
        .hasMessageStartingWith("job.yaml line 7, field 'pipeline[0].union[1]': ")
        .hasMessageContaining("unknown source 'c'; the sources are: a, b");
  }

  @Test
  void aSourceTheUnionDoesNotReadIsRefusedAtItsDeclaration() {
    assertParseFails(twoSources("  - union: [a]\n"))
        .hasMessageStartingWith("job.yaml line 3, field 'sources.b': ")
        .hasMessageContaining("source 'b' is declared but the union does not read it (it names a)");
  }

  @Test
  void aSourceNamedTwiceIsRefused() {
    assertParseFails(twoSources("  - union: [a, b, a]\n"))
        .hasMessageStartingWith("job.yaml line 5, field 'pipeline[0].union[2]': ")
        .hasMessageContaining("source 'a' is named twice");
  }

  @Test
  void aUnionThatIsNotTheFirstStepIsRefused() {
    assertParseFails(twoSources("  - filter: \"id > 0\"\n  - union: [a, b]\n"))
        .hasMessageStartingWith("job.yaml line 6, field 'pipeline[1]': ")
        .hasMessageContaining("union must be the first step of the pipeline");
  }

  @Test
  void severalSourcesWithoutAUnionAreRefused() {
    assertParseFails(twoSources("  - filter: \"id > 0\"\n"))
        .hasMessageStartingWith("job.yaml line 1, field 'sources': ")
        .hasMessageContaining("2 sources [a, b] need a union step: begin 'pipeline' with '- union: [a, b]'");
  }

  @Test
  void aUnionOverASingleSourceIsRefused() {
    assertParseFails("source: {format: memory}\npipeline:\n  - unionByName: [a]\n" + SINK)
        .hasMessageStartingWith("job.yaml line 3, field 'pipeline[0]': ")
        .hasMessageContaining("this job has one 'source'");
  }

  @Test
  void aStatefulStepInASourcesOwnPipelineIsRefused() {
    String yaml = "sources:\n  a:\n    format: memory\n    pipeline:\n      - dropDuplicates: [id]\n" + SINK;
    assertParseFails(yaml)
        .hasMessageStartingWith("job.yaml line 5, field 'sources.a.pipeline[0]': ")
        .hasMessageContaining("dropDuplicates goes in the top-level pipeline, after the union")
        .hasMessageContaining("withWatermark");
  }

  @Test
  void anUnknownFieldOfANamedSourceListsTheAllowedOnes() {
    assertParseFails("sources:\n  a: {format: memory, option: {name: x}}\n" + SINK)
        .hasMessageStartingWith("job.yaml line 2, field 'sources.a.option': ")
        .hasMessageContaining("format, options, pipeline, schema");
  }

  private JobFileException startFails(String yaml) {
    MemoryStream.create("jfse-a", Schema.parse("id LONG"));
    MemoryStream.create("jfse-b", Schema.parse("id LONG"));
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile job = JobFile.parse("job.yaml", yaml + "checkpointLocation: " + dir.resolve("ck") + "\n");
      return assertThrows(JobFileException.class, () -> job.start(session).stop());
    }
  }

  @Test
  void anOptionRefusedByTheSecondSourceIsReportedAtThatSourcesOption() {
    String yaml = "sources:\n"
        + "  a: {format: memory, options: {name: jfse-a, numPartitions: 2}}\n"
        + "  b:\n"
        + "    format: memory\n"
        + "    options:\n"
        + "      name: jfse-b\n"
        + "      numPartitions: lots\n"
        + "pipeline: [{union: [a, b]}]\n" + SINK;
    assertThat(startFails(yaml)).hasMessageStartingWith("job.yaml line 7, field 'sources.b.options.numPartitions': ")
        .hasMessageContaining("lots");
  }

  @Test
  void anOptionRefusedBySourcesInTheUnionsOrderIsReportedAtThatSource() {
    // The union reads b first: the engine's source 0 is b.
    String yaml = "sources:\n"
        + "  a: {format: memory, options: {name: jfse-a, numPartitions: lots}}\n"
        + "  b: {format: memory, options: {name: jfse-b, numPartitions: lots}}\n"
        + "pipeline: [{union: [b, a]}]\n" + SINK;
    assertThat(startFails(yaml)).hasMessageStartingWith("job.yaml line 3, field 'sources.b.options.numPartitions': ");
  }

  @Test
  void anOptionRefusedWhileExplainingIsReportedAtThatSource() {
    MemoryStream.create("jfse-a", Schema.parse("id LONG"));
    MemoryStream.create("jfse-b", Schema.parse("id LONG"));
    String yaml = "sources:\n"
        + "  a: {format: memory, options: {name: jfse-a}}\n"
        + "  b: {format: memory, options: {name: jfse-b, numPartitions: lots}}\n"
        + "pipeline: [{union: [a, b]}]\n" + SINK;
    try (MillraceSession session = MillraceSession.builder().build()) {
      JobFile job = JobFile.parse("job.yaml", yaml);
      assertThatThrownBy(() -> job.explain(session)).isInstanceOf(JobFileException.class)
          .hasMessageStartingWith("job.yaml line 3, field 'sources.b.options.numPartitions': ");
    }
  }

  @Test
  void aMissingOptionOfANamedSourceIsReportedWhereItWouldGo() {
    String yaml = "sources:\n  a: {format: memory, options: {name: jfse-a}}\n  b: {format: memory}\n"
        + "pipeline: [{union: [a, b]}]\n" + SINK;
    assertThat(startFails(yaml)).hasMessageStartingWith("job.yaml line 3, field 'sources.b.options.name': ");
  }

  @Test
  void anUnknownSourcePluginIsReportedAtThatSourcesFormat() {
    String yaml = "sources:\n  a: {format: memory, options: {name: jfse-a}}\n  b: {format: memroy}\n"
        + "pipeline: [{union: [a, b]}]\n" + SINK;
    assertThat(startFails(yaml)).hasMessageStartingWith("job.yaml line 3, field 'sources.b.format': ")
        .hasMessageContaining("unknown source 'memroy'");
  }
}
