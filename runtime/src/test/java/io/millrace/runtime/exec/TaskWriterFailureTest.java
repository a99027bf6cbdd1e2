package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.runtime.testplugins.TaskLogSinkProvider;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sink that writes per task: a task whose writer fails aborts its own writer, the sink's
 * abort hears of the tasks that had committed, nothing of the batch is committed, and the
 * restart writes the batch once, whole.
 */
class TaskWriterFailureTest {
  private static final String STREAM = "task-writer-failure";

  @TempDir
  Path dir;

  @AfterEach
  void forget() {
    MemoryStream.remove(STREAM);
  }

  @Test
  void aFailedTaskAbortsTheBatchAndTheRestartWritesItOnce() throws Exception {
    MemoryStream input = MemoryStream.create(STREAM, Schema.parse("id LONG"));
    input.addData(LongStream.rangeClosed(1, 9).mapToObj(Row::of).toList());
    String logName = "failure-" + dir.getFileName();
    TaskLogSinkProvider.Log log = TaskLogSinkProvider.log(logName);
    log.failOnce(1);
    try (MillraceSession s = MillraceSession.builder().build()) {
      StreamingQuery failed = start(s, logName);
      assertThatThrownBy(failed::processAllAvailable).hasMessageContaining("task 1 of batch 0: disk full");

      assertThat(log.committed()).isEmpty();
      assertThat(log.events()).contains("task 1 aborted");
      List<String> aborts = log.events().stream().filter(e -> e.startsWith("abort 0 ")).toList();
      assertThat(aborts).hasSize(1);
      // The other tasks ran at the same time: those that had committed are named, never task 1.
      assertThat(aborts.get(0)).matches("abort 0 tasks=\\[[02, ]*\\]");
      assertThat(log.staged()).as("every task had ended before the sink's abort: none is left staged").isZero();
      assertEachWriterClosedOnce(log);

      StreamingQuery restarted = start(s, logName);
      restarted.processAllAvailable();
      restarted.stop();
    }
    assertThat(log.committed().get(0L)).extracting(r -> r.getLong(0))
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(log.events()).contains("commit 0 tasks=[0, 1, 2]");
    assertThat(log.staged()).isZero();
  }

  @Test
  void aTaskWhoseCommitFailsIsAbortedAndClosedOnce() throws Exception {
    MemoryStream input = MemoryStream.create(STREAM, Schema.parse("id LONG"));
    input.addData(LongStream.rangeClosed(1, 9).mapToObj(Row::of).toList());
    String logName = "commit-failure-" + dir.getFileName();
    TaskLogSinkProvider.Log log = TaskLogSinkProvider.log(logName);
    log.failCommitOnce(2);
    try (MillraceSession s = MillraceSession.builder().build()) {
      assertThatThrownBy(start(s, logName)::processAllAvailable).hasMessageContaining("task 2 of batch 0: commit refused");
      assertThat(log.events()).contains("task 2 aborted");
      assertThat(log.events().stream().filter(e -> e.startsWith("abort 0 ")).toList()).hasSize(1)
          .allMatch(e -> !e.contains("2"), "names no task whose commit failed");
      assertThat(log.committed()).isEmpty();
      assertThat(log.staged()).isZero();
      assertEachWriterClosedOnce(log);

      StreamingQuery restarted = start(s, logName);
      restarted.processAllAvailable();
      restarted.stop();
    }
    assertThat(log.committed().get(0L)).hasSize(9);
  }

  /**
   * The writer contract: close comes once for every writer created, committed or aborted. A task
   * that a sibling's failure stopped before its first row never creates its writer.
   */
  private static void assertEachWriterClosedOnce(TaskLogSinkProvider.Log log) {
    for (int task = 0; task < 3; task++) {
      long created = log.events().stream().filter(("task " + task + " created")::equals).count();
      String closed = "task " + task + " closed";
      assertThat(created).as("task " + task + " created").isLessThanOrEqualTo(1);
      assertThat(log.events().stream().filter(closed::equals).count()).as(closed).isEqualTo(created);
    }
  }

  private StreamingQuery start(MillraceSession s, String logName) {
    return s.readStream().format("memory").option("name", STREAM).option("numPartitions", "3").load()
        .writeStream().format("task-log").option("log", logName)
        .option("checkpointLocation", dir.resolve("ckpt").toString()).start();
  }
}
