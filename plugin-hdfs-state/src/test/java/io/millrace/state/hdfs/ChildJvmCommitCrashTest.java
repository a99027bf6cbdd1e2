package io.millrace.state.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.tck.TckStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real process death in the middle of a state commit: a child JVM halts at
 * INSIDE_STATE_COMMIT while committing version 2. The next start (a fresh provider here, and a
 * new JVM) reads version 1 intact, version 2 is absent, and no temporary file is left, on disk
 * or in the storage's listing. The local storage leaves its {@code .2.delta.<uuid>.tmp} behind
 * (a halt runs no clean-up); the provider's start removes it through {@code Storage.deleteAbandonedWrites}.
 */
class ChildJvmCommitCrashTest {
  private static final int KEYS = 1000;

  @TempDir
  Path checkpoint;

  @Test
  void theNextStartLoadsThePreviousVersionIntactWithNoTemporaryFiles() throws Exception {
    HdfsStateStoreProvider writer = TestStores.provider(checkpoint, Map.of());
    assertEquals(1, TestStores.commitKeys(writer, 0, "k", KEYS, "first"));
    writer.close();

    assertEquals(137, runChild("crash", checkpoint.toString()), "the child did not halt inside the commit");
    Path store = Path.of(TestStores.id(checkpoint).storePath());
    List<String> leftBehind = temporaryFiles(store);
    System.out.println("temporary files after the halt, before the next start: " + leftBehind);

    HdfsStateStoreProvider restarted = TestStores.provider(checkpoint, Map.of());
    assertEquals(List.of(), temporaryFiles(store), "temporary files on disk after the next start");
    for (FileInfo f : TckStorage.forUri(store.toUri()).list(store.toUri())) {
      assertTrue(!f.name().startsWith(".") && !f.name().endsWith(".tmp"), "listed temporary file " + f.name());
    }
    assertEquals(KEYS, restarted.getReadStore(1).metrics().numKeys());
    assertArrayEquals(TestStores.bytes("first"), restarted.getReadStore(1).get(TestStores.bytes("k7")));
    assertThrows(StateVersionNotFoundException.class, () -> restarted.getReadStore(2));
    assertEquals(0, runChild("verify", checkpoint.toString(), String.valueOf(KEYS)), "a new JVM did not read version 1 whole");

    assertEquals(2, TestStores.commitKeys(restarted, 1, "k", 10, "second"), "the retried commit");
    assertArrayEquals(TestStores.bytes("second"), TestStores.provider(checkpoint, Map.of()).getReadStore(2)
        .get(TestStores.bytes("k7")));
  }

  private static List<String> temporaryFiles(Path store) throws Exception {
    try (Stream<Path> files = Files.list(store)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".") || n.endsWith(".tmp")).toList();
    }
  }

  /** Runs {@link CommitCrashChild} on this test's class path; its output goes to child.log in the checkpoint root, beside state/. */
  private int runChild(String... args) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new java.util.ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        CommitCrashChild.class.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(checkpoint.resolve("child.log").toFile()))
        .start();
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM did not end");
    return child.exitValue();
  }
}
