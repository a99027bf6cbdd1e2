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

/**
 * The runner on real jars: one that keeps its contract, one that breaks a rule, one with nothing
 * to check, plugins left unchecked, kits in a jar of their own, several kits for one plugin.
 */
class TckMainTest {
  /** The state store suite's rules, counted rather than written down, so a new rule needs no edit here. */
  private static final long STATE_RULES = java.util.Arrays.stream(
      io.millrace.tck.state.StateStoreContractSuite.class.getDeclaredMethods())
      .filter(m -> m.isAnnotationPresent(Test.class)).count();

  private static final String STORAGE = "io.millrace.spi.storage.StorageProvider";
  private static final String TRIGGER = "io.millrace.spi.trigger.TriggerPolicyProvider";
  private static final String STATE = "io.millrace.spi.state.StateStoreProviderFactory";
  private static final String STATE_KIT = "io.millrace.tck.state.StateStoreKit";

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
  void aPluginLeftUncheckedFailsTheRunUnlessAllowed() throws Exception {
    Path jar = TestJars.build(dir.resolve("mixed.jar"), List.of("io/millrace/tck/trigger", "io/millrace/tck/sink"),
        Map.of(TRIGGER, "io.millrace.tck.trigger.ListedOnceTriggerProvider",
            "io.millrace.spi.sink.SinkProvider", "io.millrace.tck.sink.ReferenceSinkProvider"));
    Path config = config("trigger.tck-once.semantics=once");
    Run strict = run("--plugin-jar", jar.toString(), "--config", config.toString(), "--report-dir", dir.resolve("a").toString());
    Run allowed = run("--plugin-jar", jar.toString(), "--config", config.toString(), "--report-dir", dir.resolve("b").toString(),
        "--allow-unchecked");

    assertThat(strict.exit()).as(strict.out() + strict.err()).isEqualTo(2);
    assertThat(strict.out()).contains("0 failed").contains("Not checked:").contains("sink 'tck-reference'")
        .contains("pass --allow-unchecked to accept that");
    assertThat(allowed.exit()).as(allowed.out() + allowed.err()).isZero();
    assertThat(allowed.out()).contains("sink 'tck-reference'").contains("accepted: --allow-unchecked");
  }

  @Test
  void theReportListsEachPluginOnceWithItsRulesInIdOrder() throws Exception {
    Path jar = TestJars.build(dir.resolve("trigger.jar"), List.of("io/millrace/tck/trigger"),
        Map.of(TRIGGER, "io.millrace.tck.trigger.ListedOnceTriggerProvider"));
    Run r = run("--plugin-jar", jar.toString(), "--config", config("trigger.tck-once.semantics=once").toString(),
        "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out().lines().filter(l -> l.equals("trigger 'tck-once'"))).as("one block per plugin").hasSize(1);
    List<String> block = r.out().lines().dropWhile(l -> !l.equals("trigger 'tck-once'")).skip(1)
        .takeWhile(l -> !l.isEmpty()).toList();
    List<String> ids = block.stream().filter(l -> l.matches("  (pass|FAIL|skip)  [A-Z]\\d\\d .*"))
        .map(l -> l.substring(8, 11)).toList();
    assertThat(ids).as("the trigger's rules, packaging checks included, by id")
        .startsWith("G01", "G02", "G03").endsWith("G12", "P01", "P02").isSorted();
  }

  @Test
  void twoKitsInATestJarOfTheirOwnEachCheckThePlugin() throws Exception {
    Path plugin = TestJars.build(dir.resolve("store.jar"), List.of("io/millrace/tck/state"),
        Map.of(STATE, "io.millrace.tck.state.ReferenceStateStoreFactory"));
    Path kits = TestJars.build(dir.resolve("store-tests.jar"), List.of("io/millrace/tck/state"),
        Map.of(STATE_KIT, "io.millrace.tck.state.ListedReferenceStateKit\n"
            + "io.millrace.tck.state.ListedReferenceStateKit$SnapshotEveryVersion"));
    Run r = run("--plugin-jar", plugin.toString(), "--plugin-jar", kits.toString(), "--report-dir",
        dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("state store 'tck-reference' with ListedReferenceStateKit")
        .contains("state store 'tck-reference' with SnapshotEveryVersion").contains("pass  T24").contains("pass  T26");
    assertThat(new ObjectMapper().readTree(dir.resolve("report/report.json").toFile()).get("ran").asLong())
        .as("both kits ran every state store rule").isEqualTo(2 * STATE_RULES);
  }

  @Test
  void everyKitTheRunnerMakesIsClosed() throws Exception {
    System.clearProperty(io.millrace.tck.state.ListedReferenceStateKit.MADE);
    System.clearProperty(io.millrace.tck.state.ListedReferenceStateKit.CLOSED);
    Path jar = TestJars.build(dir.resolve("store.jar"), List.of("io/millrace/tck/state"),
        Map.of(STATE, "io.millrace.tck.state.ReferenceStateStoreFactory",
            STATE_KIT, "io.millrace.tck.state.ListedReferenceStateKit"));
    Run r = run("--plugin-jar", jar.toString(), "--report-dir", dir.resolve("report").toString());

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    long made = Long.getLong(io.millrace.tck.state.ListedReferenceStateKit.MADE, 0);
    assertThat(made).as("kits made: one to learn its plugin, then one per rule").isEqualTo(1 + STATE_RULES);
    assertThat(Long.getLong(io.millrace.tck.state.ListedReferenceStateKit.CLOSED, 0)).as("kits closed").isEqualTo(made);
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
