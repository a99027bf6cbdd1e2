package io.millrace.sink.delta;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two queries with different sink ids append to one table at the same time. */
class ConcurrentWritersTest {
  private static final Schema SCHEMA = Schema.parse("writer STRING NOT NULL, seq LONG NOT NULL");
  private static final int BATCHES = 15;

  @TempDir Path dir;

  @Test
  void twoSinksWithDifferentTxnAppIdsShareATableWithoutLosingACommit() throws Exception {
    String table = dir.resolve("shared").toString();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Map<String, String>>> results = new ArrayList<>();
      for (String writer : List.of("a", "b")) {
        results.add(pool.submit(() -> {
          try (Sink sink = Batches.sink(Map.of("path", table, "txnAppId", "app-" + writer), SCHEMA, OutputMode.APPEND)) {
            start.await();
            for (long b = 0; b < BATCHES; b++) {
              sink.addBatch(b, Batches.of(SCHEMA, List.of(Row.of(writer, 2 * b), Row.of(writer, 2 * b + 1))));
            }
            return sink.metrics();
          }
        }));
      }
      start.countDown();
      for (Future<Map<String, String>> result : results) {
        assertThat(result.get()).containsEntry("numCommittedBatches", Integer.toString(BATCHES))
            .containsEntry("numSkippedBatches", "0");
      }
    } finally {
      pool.shutdownNow();
    }

    DeltaTableReader reader = new DeltaTableReader(table);
    List<Row> expected = new ArrayList<>();
    for (String writer : List.of("a", "b")) {
      for (long seq = 0; seq < 2 * BATCHES; seq++) {
        expected.add(Row.of(writer, seq));
      }
    }
    assertThat(reader.rows(SCHEMA)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(reader.txnVersion("app-a")).contains((long) BATCHES - 1);
    assertThat(reader.txnVersion("app-b")).contains((long) BATCHES - 1);
    // One commit per batch per writer, none lost or doubled (the first one also created the table).
    assertThat(reader.tableVersion()).isEqualTo(2L * BATCHES - 1);
  }
}
