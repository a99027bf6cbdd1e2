package io.millrace.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.tck.TckStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real process death in the middle of a state commit: a child JVM halts at
 * INSIDE_STATE_COMMIT while committing version 2. Then a new JVM whose local directory is
 * EMPTY (another machine) rebuilds version 1 from the checkpoint alone; version 2 is absent,
 * no temporary file is left in the checkpoint, and the retried commit succeeds. Version 1 is
 * snapshotted before the crash, so the restart goes through the snapshot, its shared SSTs and
 * the changelogs.
 */
class ChildJvmCommitCrashTest {
  private static final int KEYS = 1000;

  @TempDir
  Path root;

  @Test
  void aNewJvmWithAnEmptyLocalDirectoryRecoversTheLastCommittedVersion() throws Exception {
    Path checkpoint = Files.createDirectories(root.resolve("checkpoint"));
    Map<String, String> writerOptions = Map.of(RocksDbStateOptions.LOCAL_DIR, root.resolve("local-writer").toString(),
        RocksDbStateOptions.COMMIT_SNAPSHOT_INTERVAL, "1");
    RocksDbStateStoreProvider writer = TestStores.provider(checkpoint, writerOptions);
    assertThat(TestStores.commitKeys(writer, 0, "k", KEYS, "first")).isEqualTo(1);
    writer.close();

    Path crashLocal = root.resolve("local-crash");
    assertThat(runChild("crash", checkpoint.toString(), crashLocal.toString()))
        .as("exit code of the child that should halt inside the commit").isEqualTo(137);
    Path store = Path.of(TestStores.id(checkpoint).storePath());
    System.out.println("checkpoint files after the halt: " + files(store));

    Path emptyLocal = Files.createDirectories(root.resolve("local-empty"));
    assertThat(runChild("verify", checkpoint.toString(), emptyLocal.toString(), String.valueOf(KEYS)))
        .as("exit code of a new JVM with an empty local directory reading version 1").isZero();

    RocksDbStateStoreProvider restarted = TestStores.provider(checkpoint,
        Map.of(RocksDbStateOptions.LOCAL_DIR, root.resolve("local-restart").toString()));
    assertThat(files(store)).noneMatch(n -> n.startsWith(".") || n.endsWith(".tmp"));
    for (FileInfo f : TckStorage.forUri(store.toUri()).list(store.toUri())) {
      assertThat(f.name()).doesNotStartWith(".").doesNotEndWith(".tmp");
    }
    try (ReadStateStore version1 = restarted.getReadStore(1)) {
      assertThat(version1.metrics().numKeys()).isEqualTo(KEYS);
      assertThat(TestStores.text(version1.get(TestStores.bytes("k7")))).isEqualTo("first");
    }
    assertThatThrownBy(() -> restarted.getReadStore(2)).isInstanceOf(StateVersionNotFoundException.class)
        .hasMessageContaining("2.changelog");
    assertThat(TestStores.commitKeys(restarted, 1, "k", 10, "second")).as("the retried commit").isEqualTo(2);
    restarted.close();
    RocksDbStateStoreProvider reader = TestStores.provider(checkpoint,
        Map.of(RocksDbStateOptions.LOCAL_DIR, root.resolve("local-reader").toString()));
    try (ReadStateStore version2 = reader.getReadStore(2)) {
      assertThat(TestStores.text(version2.get(TestStores.bytes("k7")))).isEqualTo("second");
      assertThat(TestStores.text(version2.get(TestStores.bytes("k17")))).isEqualTo("first");
      assertThat(version2.metrics().numKeys()).isEqualTo(KEYS);
    }
    reader.close();
    try (Stream<Path> left = Files.list(crashLocal)) {
      System.out.println("local directory the crashed JVM left: " + left.toList());
    }
    // The crashed JVM's copy of RocksDB's library lies in its own directory, not in java.io.tmpdir
    // (RocksJava deletes its copy only at a clean exit), and goes with that directory when the next
    // process on the same local directory sweeps those of processes that are gone.
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("ROCKSDB_SHAREDLIB_DIR") == null,
        "RocksJava's own ROCKSDB_SHAREDLIB_DIR is set: the library is loaded from there");
    assertThat(nativeLibraries(crashLocal)).as("the halted child's copy of the library").hasSize(1);
    RocksDbStateStoreProvider sweeper = TestStores.provider(checkpoint,
        Map.of(RocksDbStateOptions.LOCAL_DIR, crashLocal.toString()));
    sweeper.close();
    assertThat(nativeLibraries(crashLocal)).as("swept with the halted child's directory").isEmpty();
  }

  private static List<Path> nativeLibraries(Path localDir) throws Exception {
    try (Stream<Path> files = Files.walk(localDir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("librocksdbjni")).toList();
    }
  }

  /** Every file under {@code dir}, recursively, by name. */
  private static List<String> files(Path dir) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
    }
  }

  /** Runs {@link CommitCrashChild} on this test's class path; its output goes to child.log beside the checkpoint. */
  private int runChild(String... args) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        CommitCrashChild.class.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("child.log").toFile()))
        .start();
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child JVM ended").isTrue();
    return child.exitValue();
  }
}
