package io.millrace.tck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner on real jars: one that keeps its contract, one that breaks a rule, one with nothing to check. */
class TckMainTest {
  private static final String STORAGE = "io.millrace.spi.storage.StorageProvider";

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = TckMain.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Path config(String text) throws Exception {
    return Files.writeString(dir.resolve("tck.properties"), text);
  }

  @Test
  void aCorrectStoragePassesAndTheReportCountsTheRulesThatRan() throws Exception {
    Path jar = TestJars.build(dir.resolve("reference.jar"), List.of("io/millrace/tck/reference"),
        Map.of(STORAGE, "io.millrace.tck.reference.DiskStorageProvider"));
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("storage 'tck-disk'").contains("pass  F01").contains("pass  F13").contains("pass  F15")
        .contains("0 failed");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("report/report.json").toFile());
    assertThat(json.get("ran").asLong()).isGreaterThan(10);
    assertThat(json.get("failed").asLong()).isZero();
    assertThat(dir.resolve("report/junit")).isDirectoryRecursivelyContaining("glob:**/TEST-junit-jupiter.xml");
  }

  @Test
  void aStorageWhoseCreateIfAbsentIsNotAtomicFailsNamingTheRule() throws Exception {
    Path jar = TestJars.build(dir.resolve("broken.jar"), List.of("io/millrace/tck/reference", "io/millrace/tck/storage"),
        Map.of(STORAGE, "io.millrace.tck.storage.NonAtomicCreateStorageProvider"));
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
    assertThat(r.out()).containsPattern("FAIL  F01 create-if-absent is atomic");
    assertThat(r.out().lines().filter(l -> l.startsWith("  FAIL"))).hasSize(1);
  }

  @Test
  void aSourceIsCheckedWithTheKitItsJarLists() throws Exception {
    Path jar = TestJars.build(dir.resolve("source.jar"), List.of("io/millrace/tck/source", "io/millrace/tck/reference"),
        Map.of("io.millrace.spi.source.SourceProvider", "io.millrace.tck.source.ReferenceSourceProvider",
            "io.millrace.tck.source.SourceKit", "io.millrace.tck.source.ListedReferenceSourceKit"));
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("source 'tck-reference'").contains("pass  S03").contains("pass  P01").contains("pass  P02")
        .as("the child JVM of S15 finds the plugin in the jar").contains("pass  S15");
  }

  @Test
  void aJarWithNothingToCheckExitsNonZeroAndSaysNothingRan() throws Exception {
    Path jar = TestJars.build(dir.resolve("empty.jar"), List.of(), Map.of());
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).contains("0 contract rules ran").contains("No contract rule ran");
  }

  @Test
  void aSinkWithoutAKitIsListedAsNotCheckedWithWhatToDo() throws Exception {
    Path jar = TestJars.build(dir.resolve("sink.jar"), List.of("io/millrace/tck/sink"),
        Map.of("io.millrace.spi.sink.SinkProvider", "io.millrace.tck.sink.ReferenceSinkProvider"));
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).contains("Not checked:").contains("sink 'tck-reference'")
        .contains("META-INF/services/io.millrace.tck.sink.SinkKit");
  }
}
