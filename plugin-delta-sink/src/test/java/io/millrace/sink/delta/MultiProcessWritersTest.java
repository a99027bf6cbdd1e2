package io.millrace.sink.delta;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several writer processes on one local table: the case where Kernel's default log store loses
 * commits (a rename that overwrites). With {@link HardLinkLogStore} every commit must survive.
 */
class MultiProcessWritersTest {
  private static final int PROCESSES = 3;
  private static final int THREADS = 4;
  private static final int BATCHES = 8;

  @TempDir Path dir;

  @Test
  void threeProcessesOfFourWritersEachAppendToOneLocalTableWithoutLosingACommit() throws Exception {
    String table = dir.resolve("shared").toString();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> processes = new ArrayList<>();
    for (int p = 0; p < PROCESSES; p++) {
      Path log = dir.resolve("writer-" + p + ".log");
      processes.add(new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
          WriterProcess.class.getName(), table, "p" + p, Integer.toString(THREADS), Integer.toString(BATCHES))
          .redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }
    for (int p = 0; p < PROCESSES; p++) {
      assertThat(processes.get(p).waitFor(4, TimeUnit.MINUTES)).as("writer %d finished", p).isTrue();
      assertThat(processes.get(p).exitValue()).as("writer %d: %s", p,
          Files.readString(dir.resolve("writer-" + p + ".log"))).isZero();
    }

    DeltaTableReader reader = new DeltaTableReader(table);
    List<Row> expected = new ArrayList<>();
    for (int p = 0; p < PROCESSES; p++) {
      for (int t = 0; t < THREADS; t++) {
        String appId = "p" + p + "-" + t;
        assertThat(reader.txnVersion(appId)).as(appId).contains((long) BATCHES - 1);
        for (long seq = 0; seq < 2 * BATCHES; seq++) {
          expected.add(Row.of(appId, seq));
        }
      }
    }
    assertThat(reader.rows(WriterProcess.SCHEMA)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(reader.tableVersion()).isEqualTo((long) PROCESSES * THREADS * BATCHES - 1);
    assertThat(new File(table, "_delta_log/00000000000000000090.checkpoint.parquet")).exists();
  }
}
