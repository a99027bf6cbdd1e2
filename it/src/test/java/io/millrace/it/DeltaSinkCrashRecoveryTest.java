package io.millrace.it;

import static io.millrace.it.DeltaChildRuns.FILES;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files into a Delta table, exactly once across a real crash: a child JVM halts after the Delta
 * commit of batch 1 but before {@code commits/1}; a new JVM restarts on the same checkpoint,
 * replays batch 1, and the sink finds it in the table's log and skips it.
 */
class DeltaSinkCrashRecoveryTest {
  @TempDir Path dir;

  @Test
  void aReplayOfTheCommittedBatchIsSkippedAndEveryRowIsInTheTableOnce() throws Exception {
    Path input = dir.resolve("in");
    String table = dir.resolve("table").toString();
    Path checkpoint = dir.resolve("ckpt");
    List<String> expected = DeltaChildRuns.writeInput(input);

    assertThat(run(input, table, checkpoint, dir.resolve("progress-1.jsonl"), "AFTER_SINK_WRITE", "1"))
        .as("the child halted after the sink wrote batch 1").isEqualTo(137);
    assertThat(checkpoint.resolve("offsets").resolve("1")).exists();
    assertThat(checkpoint.resolve("commits").resolve("1")).doesNotExist();
    assertThat(DeltaTables.txnEntries(table, DeltaCrashChild.APP_ID, 1)).as("batch 1 reached the Delta log before the halt")
        .isEqualTo(1);

    Path progress = dir.resolve("progress-2.jsonl");
    assertThat(run(input, table, checkpoint, progress)).isZero();

    assertEveryRowOnceAndOneCommitPerBatch(table, expected);
    String replay = Files.readAllLines(progress).stream().filter(l -> l.contains("\"batchId\":1,"))
        .findFirst().orElseThrow(() -> new AssertionError("no progress for batch 1 after the restart"));
    assertThat(DeltaChildRuns.metric(replay, "numSkippedBatches")).as(replay).isEqualTo("1");
  }

  @ParameterizedTest(name = "halted at {0}")
  @ValueSource(strings = {"BEFORE_OFFSET_LOG_WRITE", "AFTER_OFFSET_LOG_WRITE", "INSIDE_SINK_WRITE", "BEFORE_COMMIT_LOG"})
  void aHaltAtAnyOtherPointAlsoEndsWithEveryRowOnceAndOneCommitPerBatch(String point) throws Exception {
    Path input = dir.resolve("in");
    String table = dir.resolve("table").toString();
    Path checkpoint = dir.resolve("ckpt");
    List<String> expected = DeltaChildRuns.writeInput(input);

    assertThat(run(input, table, checkpoint, dir.resolve("progress-1.jsonl"), point, "1"))
        .as("the child halted at " + point).isEqualTo(137);
    assertThat(run(input, table, checkpoint, dir.resolve("progress-2.jsonl"))).isZero();

    assertEveryRowOnceAndOneCommitPerBatch(table, expected);
  }

  @Test
  void twoQueriesWithTheirOwnSinkIdsWriteOneTableFromTwoProcessesAtOnce() throws Exception {
    String table = dir.resolve("shared-table").toString();
    List<String> expected = new ArrayList<>();
    List<DeltaChildRuns.Child> writers = new ArrayList<>();
    for (String writer : List.of("a", "b")) {
      Path input = dir.resolve("in-" + writer);
      expected.addAll(DeltaChildRuns.writeInput(input));
      writers.add(DeltaChildRuns.start(dir, List.of("-Dit.txnAppId=writer-" + writer), List.of(input.toString(), table,
          dir.resolve("ckpt-" + writer).toString(), dir.resolve("progress-" + writer + ".jsonl").toString())));
    }
    for (DeltaChildRuns.Child writer : writers) {
      assertThat(DeltaChildRuns.await(writer)).isZero();
    }
    // Both wrote the same ids: each writer's rows are all there, once per writer.
    assertThat(DeltaTables.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(DeltaTables.commits(table)).as("one commit per batch of each writer").hasSize(2 * FILES);
  }

  private int run(Path input, String table, Path checkpoint, Path progress, String... fault) throws Exception {
    List<String> args = new ArrayList<>(List.of(input.toString(), table, checkpoint.toString(), progress.toString()));
    args.addAll(List.of(fault));
    return DeltaChildRuns.run(dir, List.of(), args.toArray(new String[0]));
  }

  static void assertEveryRowOnceAndOneCommitPerBatch(String table, List<String> expected) throws Exception {
    assertThat(DeltaTables.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
    for (int batch = 0; batch < FILES; batch++) {
      assertThat(DeltaTables.txnEntries(table, DeltaCrashChild.APP_ID, batch)).as("Delta commits carrying batch " + batch)
          .isEqualTo(1);
    }
  }
}
