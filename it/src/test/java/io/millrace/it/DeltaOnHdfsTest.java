package io.millrace.it;

import static io.millrace.it.DeltaChildRuns.FILES;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.storage.hadoop.MiniHdfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Delta sink with its table on HDFS (an in-process MiniDFSCluster that child JVMs reach over
 * its port): Kernel commits there by HDFS's atomic rename, so a replay after a crash and two
 * writer processes at once keep the table whole, as on local disk.
 */
class DeltaOnHdfsTest {
  /** A one-DataNode cluster keeps one replica; the short poll keeps each file close fast (see {@link MiniHdfs#OPTIONS}). */
  private static final List<String> SINK_ON_MINI_HDFS = List.of(
      "-Dit.sink.hadoop.dfs.replication=1",
      "-Dit.sink.hadoop.dfs.client.block.write.locateFollowingBlock.initial.delay.ms=10");

  private static MiniHdfs hdfs;

  @TempDir Path dir;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = MiniHdfs.start();
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void aHaltAfterTheDeltaCommitReplaysToEveryRowOnceWithTheReplaySkipped() throws Exception {
    Path input = dir.resolve("in");
    String table = freshTable();
    List<String> expected = DeltaChildRuns.writeInput(input);
    Path checkpoint = dir.resolve("ckpt");

    assertThat(DeltaChildRuns.run(dir, SINK_ON_MINI_HDFS, input.toString(), table, checkpoint.toString(),
        dir.resolve("progress-1.jsonl").toString(), "AFTER_SINK_WRITE", "1")).as("halted after batch 1's Delta commit")
        .isEqualTo(137);
    assertThat(DeltaTables.txnEntries(table, DeltaCrashChild.APP_ID, 1)).isEqualTo(1);
    assertThat(checkpoint.resolve("commits").resolve("1")).doesNotExist();

    Path progress = dir.resolve("progress-2.jsonl");
    assertThat(DeltaChildRuns.run(dir, SINK_ON_MINI_HDFS, input.toString(), table, checkpoint.toString(),
        progress.toString())).isZero();

    DeltaSinkCrashRecoveryTest.assertEveryRowOnceAndOneCommitPerBatch(table, expected);
    String replay = Files.readAllLines(progress).stream().filter(l -> l.contains("\"batchId\":1,"))
        .findFirst().orElseThrow(() -> new AssertionError("no progress for batch 1 after the restart"));
    assertThat(DeltaChildRuns.metric(replay, "numSkippedBatches")).as(replay).isEqualTo("1");
  }

  @Test
  void twoWriterProcessesWithTheirOwnSinkIdsWriteOneTableAtOnce() throws Exception {
    String table = freshTable();
    List<String> expected = new ArrayList<>();
    List<DeltaChildRuns.Child> writers = new ArrayList<>();
    for (String writer : List.of("a", "b")) {
      Path input = dir.resolve("in-" + writer);
      expected.addAll(DeltaChildRuns.writeInput(input));
      List<String> options = new ArrayList<>(SINK_ON_MINI_HDFS);
      options.add("-Dit.txnAppId=writer-" + writer);
      writers.add(DeltaChildRuns.start(dir, options, List.of(input.toString(), table,
          dir.resolve("ckpt-" + writer).toString(), dir.resolve("progress-" + writer + ".jsonl").toString())));
    }
    for (DeltaChildRuns.Child writer : writers) {
      assertThat(DeltaChildRuns.await(writer)).isZero();
    }
    assertThat(DeltaTables.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(DeltaTables.commits(table)).as("one commit per batch of each writer").hasSize(2 * FILES);
    for (String writer : List.of("a", "b")) {
      for (int batch = 0; batch < FILES; batch++) {
        assertThat(DeltaTables.txnEntries(table, "writer-" + writer, batch)).isEqualTo(1);
      }
    }
  }

  private static String freshTable() {
    return hdfs.hdfsUri() + "/tables/" + UUID.randomUUID();
  }
}
