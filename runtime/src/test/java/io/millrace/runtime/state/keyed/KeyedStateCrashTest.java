package io.millrace.runtime.state.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateVersionNotFoundException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A crash between two stores' commits of one partition: a child JVM halts after the variables'
 * stores before {@code store} committed version 2 and before {@code store} did. The next
 * process finds version 1 whole in every store (the stores that committed 2 still hold 1), and
 * the batch replayed from version 1 commits a version 2 equal to an uninterrupted run's.
 */
class KeyedStateCrashTest {
  @TempDir Path dir;
  @TempDir static Path shared;
  /** Versions 1 and 2 of an uninterrupted run, per provider: made once, compared twice. */
  private static final java.util.Map<String, List<List<String>>> UNINTERRUPTED =
      new java.util.concurrent.ConcurrentHashMap<>();

  @ParameterizedTest(name = "{0}, halted before {1} commits")
  @CsvSource({"hdfs, events", "hdfs, _timers", "rocksdb, events", "rocksdb, _timers"})
  void aReplayFromVersionNRepairsACrashBetweenTwoStoresCommits(String provider, String store) throws Exception {
    List<List<String>> expected = uninterrupted(provider);

    Path checkpoint = dir.resolve("crashed");
    assertThat(runChild(checkpoint, provider, store)).as("the child halted before " + store + " committed")
        .isEqualTo(137);

    try (KeyedStateFixture fixture = new KeyedStateFixture(checkpoint, provider)) {
      List<String> names = KeyedStateCrashChild.SPEC.variables().stream().map(StateVariable::name)
          .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
      names.add(KeyedStateBackend.TIMERS_STORE);
      int halted = names.indexOf(store);
      for (int i = 0; i < names.size(); i++) {
        StateStoreProvider p = provider(fixture, names.get(i));
        if (i < halted) {
          try (ReadStateStore committed = p.getReadStore(2)) {
            assertThat(committed.version()).as(names.get(i) + " committed version 2 before the crash").isEqualTo(2);
          }
        } else {
          assertThatThrownBy(() -> p.getReadStore(2)).as(names.get(i) + " did not commit version 2")
              .isInstanceOf(StateVersionNotFoundException.class);
        }
      }

      KeyedStateBackend backend = fixture.open(KeyedStateCrashChild.SPEC, KeyedStateCrashChild.KEY_GROUPS,
          f -> f);
      assertThat(dumpAll(backend, 1)).as("version 1 after the crash").isEqualTo(expected.get(0));
      KeyedStateCrashChild.runBatch(backend, 1);
      assertThat(dumpAll(backend, 2)).as("version 2 after the replay").isEqualTo(expected.get(1));
      assertThat(dumpAll(fixture.open(KeyedStateCrashChild.SPEC, KeyedStateCrashChild.KEY_GROUPS, f -> f), 2))
          .as("version 2 after the replay, read by a fresh backend").isEqualTo(expected.get(1));
    }
  }

  /** Versions 1 and 2 of a run without a crash, in a child JVM too. */
  private List<List<String>> uninterrupted(String provider) throws Exception {
    List<List<String>> known = UNINTERRUPTED.get(provider);
    if (known != null) {
      return known;
    }
    Path checkpoint = shared.resolve("clean-" + provider);
    assertThat(runChild(checkpoint, provider, "none")).isZero();
    try (KeyedStateFixture fixture = new KeyedStateFixture(checkpoint, provider)) {
      KeyedStateBackend backend = fixture.open(KeyedStateCrashChild.SPEC, KeyedStateCrashChild.KEY_GROUPS, f -> f);
      List<String> v1 = dumpAll(backend, 1);
      List<String> v2 = dumpAll(backend, 2);
      assertThat(v1).isNotEqualTo(v2);
      assertThat(String.join("\n", v2)).contains("fired");
      UNINTERRUPTED.put(provider, List.of(v1, v2));
      return List.of(v1, v2);
    }
  }

  private static StateStoreProvider provider(KeyedStateFixture fixture, String store) {
    StateStoreProvider p = fixture.factory().create();
    p.init(new StateStoreId(fixture.checkpoint, 0, 0, store), KeyedStateCrashChild.SPEC.keySchema(),
        KeyedStateCrashChild.SPEC.keySchema(), fixture.context());
    return p;
  }

  /** Every partition's state at {@code version}, user by user. */
  private static List<String> dumpAll(KeyedStateBackend backend, long version) {
    List<String> lines = new ArrayList<>();
    for (int p = 0; p < KeyedStateCrashChild.PARTITIONS; p++) {
      try (KeyedPartitionState state = backend.begin(p, version)) {
        lines.addAll(KeyedStateTest.dump(state, KeyedStateCrashChild.users(p).toArray(new String[0])));
      }
    }
    return lines;
  }

  private static int runChild(Path checkpoint, String provider, String haltBefore) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    File log = Files.createTempFile(shared, "child-", ".log").toFile();
    Process p = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        KeyedStateCrashChild.class.getName(), checkpoint.toString(), provider, haltBefore)
        .redirectErrorStream(true).redirectOutput(log).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM did not finish; its output:\n" + Files.readString(log.toPath()));
    }
    if (p.exitValue() != 0 && p.exitValue() != 137) {
      throw new AssertionError("child JVM failed; its output:\n" + Files.readString(log.toPath()));
    }
    return p.exitValue();
  }
}
