package io.millrace.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.state.KeyValue;
import io.millrace.spi.state.ReadStateStore;
import io.millrace.spi.state.StateStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real process death in the middle of a background snapshot upload: a child JVM commits three
 * versions, runs maintenance, and halts once the first SST of the snapshot of version 3 is
 * uploaded, with the others still to go and no manifest (the snapshot's commit point). Then a new
 * JVM on the same local directory, and one on an empty local directory (another machine), both
 * see exactly the content of version 3; a later maintenance completes the snapshot, and its
 * retention deletes the SST the aborted upload left behind.
 */
class ChildJvmSnapshotUploadCrashTest {
  private static final int LAST = SnapshotCrashData.VERSIONS;

  @TempDir
  Path root;

  private Path checkpoint;
  private Path store;
  private final TreeMap<String, String> expected = SnapshotCrashData.expected(LAST);

  @Test
  void aCrashMidUploadLeavesTheLastVersionWholeFromAnyLocalDirectoryAndRetentionDeletesTheOrphans() throws Exception {
    checkpoint = Files.createDirectories(root.resolve("checkpoint"));
    store = Path.of(TestStores.id(checkpoint).storePath());
    Path crashLocal = root.resolve("local-crash");

    Path aborted = haltMidUpload(crashLocal);
    restartSeesTheLastVersion(crashLocal, "a restart on the crashed JVM's local directory");
    assertThat(Files.exists(aborted.getParent().getParent()))
        .as("the dead process's local directory, swept by the next start (local state is never reopened)").isFalse();
    restartSeesTheLastVersion(Files.createDirectories(root.resolve("local-empty")), "a restart on an empty local directory");
    laterMaintenanceCompletesTheSnapshotAndDeletesTheOrphans();
  }

  /** Runs the crashing child; returns the local RocksDB checkpoint it was uploading from. */
  private Path haltMidUpload(Path local) throws Exception {
    assertThat(runChild("crash", local)).as("exit code of the child that should halt mid-upload; " + childLog()).isEqualTo(137);
    Set<String> uploaded = names(store.resolve("sst"));
    Path aborted = abortedCheckpoint(local);
    List<String> ofTheSnapshot = names(aborted).stream().filter(n -> n.endsWith(".sst")).toList();
    System.out.println("halted with " + uploaded.size() + " of the " + ofTheSnapshot.size() + " SSTs of the snapshot uploaded");
    assertThat(names(store)).as("files of the store after the halt: changelogs, no manifest")
        .containsExactlyInAnyOrder("1.changelog", "2.changelog", "3.changelog", "sst");
    assertThat(uploaded).as("SSTs uploaded before the halt").hasSize(1);
    assertThat(ofTheSnapshot)
        .as("SSTs of the aborted snapshot in " + aborted + ": fewer than 2 means the halt was not mid-upload"
            + " (RocksDB flushed less often than SnapshotCrashData expects)")
        .hasSizeGreaterThanOrEqualTo(2);
    return aborted;
  }

  /** A new JVM on {@code local} opens getStore(3) and prints its key count and a digest of every key and value. */
  private void restartSeesTheLastVersion(Path local, String what) throws Exception {
    assertThat(runChild("verify", local)).as(what + "; " + childLog()).isZero();
    List<String> printed = Files.readAllLines(root.resolve("child.out"));
    assertThat(printed).as(what + ": key count and content digest of version " + LAST)
        .containsExactly("keys=" + expected.size() + " digest=" + SnapshotCrashData.digest(expected));
  }

  /**
   * Retaining 1 version, the snapshot of version 3 becomes the base: changelogs up to it go, and
   * so does every SST it does not list, the aborted upload's among them. Version 3 then loads
   * from the completed snapshot alone.
   */
  private void laterMaintenanceCompletesTheSnapshotAndDeletesTheOrphans() throws Exception {
    RocksDbStateStoreProvider restarted = TestStores.provider(checkpoint, Map.of(
        RocksDbStateOptions.LOCAL_DIR, root.resolve("local-maintain").toString(),
        RocksDbStateOptions.MIN_DELTAS_FOR_SNAPSHOT, "1",
        RocksDbStateOptions.MIN_BATCHES_TO_RETAIN, "1"));
    StateStore last = restarted.getStore(LAST);
    assertSameContent(last.iterator(), "getStore(" + LAST + ") in this JVM after the crash");
    last.abort();
    restarted.doMaintenance();
    restarted.close();

    assertThat(names(store)).as("files of the store after the later maintenance").containsExactlyInAnyOrder(LAST + ".snapshot", "sst");
    SnapshotManifest manifest = SnapshotManifest.decode(Files.readAllBytes(store.resolve(LAST + ".snapshot")),
        LAST + ".snapshot", LAST);
    Set<String> listed = manifest.ssts().stream().map(SnapshotManifest.Sst::sharedName).collect(Collectors.toSet());
    assertThat(names(store.resolve("sst"))).as("SSTs after retention: exactly those the manifest lists").isEqualTo(listed);

    RocksDbStateStoreProvider elsewhere = TestStores.provider(checkpoint,
        Map.of(RocksDbStateOptions.LOCAL_DIR, root.resolve("local-after").toString()));
    try (ReadStateStore fromSnapshot = elsewhere.getReadStore(LAST)) {
      assertSameContent(fromSnapshot.iterator(), "version " + LAST + " loaded from the completed snapshot alone");
      assertThat(fromSnapshot.metrics().numKeys()).isEqualTo(expected.size());
    }
    elsewhere.close();
  }

  /** Fails naming the first key that differs (a whole-map diff of 100,000 keys would be unreadable). */
  private void assertSameContent(Iterator<KeyValue> actual, String what) {
    TreeMap<String, String> seen = new TreeMap<>();
    actual.forEachRemaining(kv -> seen.put(TestStores.text(kv.key()), TestStores.text(kv.value())));
    String firstDifference = Stream.concat(seen.keySet().stream(), expected.keySet().stream()).sorted()
        .filter(k -> !Objects.equals(seen.get(k), expected.get(k))).findFirst()
        .map(k -> "key " + k + " is " + seen.get(k) + ", expected " + expected.get(k)).orElse(null);
    assertThat(firstDifference).as(what + " (" + seen.size() + " keys, " + expected.size() + " expected)").isNull();
  }

  /** The RocksDB checkpoint directory the halted snapshot was uploading from, left in the crashed JVM's local directory. */
  private static Path abortedCheckpoint(Path local) throws Exception {
    try (Stream<Path> dirs = Files.walk(local)) {
      List<Path> found = dirs.filter(Files::isDirectory).filter(d -> d.getFileName().toString().startsWith("checkpoint-"))
          .toList();
      assertThat(found).as("checkpoint directories under " + local).hasSize(1);
      return found.get(0);
    }
  }

  private static Set<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private String childLog() throws Exception {
    Path log = root.resolve("child.log");
    return "stderr of the children:\n" + (Files.exists(log) ? Files.readString(log) : "");
  }

  /** Runs {@link SnapshotUploadCrashChild}; its stdout goes to child.out (replaced), its stderr to child.log (appended). */
  private int runChild(String mode, Path local) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        SnapshotUploadCrashChild.class.getName(), mode, checkpoint.toString(), local.toString());
    Process child = new ProcessBuilder(command)
        .redirectOutput(root.resolve("child.out").toFile())
        .redirectError(ProcessBuilder.Redirect.appendTo(root.resolve("child.log").toFile()))
        .start();
    if (!child.waitFor(120, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the " + mode + " child JVM did not end within 120 s; see " + root.resolve("child.log"));
    }
    return child.exitValue();
  }
}
