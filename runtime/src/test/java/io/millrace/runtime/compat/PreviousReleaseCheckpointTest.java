package io.millrace.runtime.compat;

import static io.millrace.runtime.compat.CompatQuery.CRASHED_BATCH;
import static io.millrace.runtime.compat.CompatQuery.CRASHED_STEP;
import static io.millrace.runtime.compat.CompatQuery.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQueryListener;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.runtime.compat.CompatQuery.Shape;
import io.millrace.spi.data.Row;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Checkpoints that the previous release (commit f44c41e) wrote restart on this engine with the
 * results of a run that never stopped. Each resource under {@code compat/v1} is the checkpoint of
 * a {@link CompatQuery} whose JVM halted between {@code offsets/4} and {@code commits/4}
 * ({@link CompatCheckpointWriter}): it holds batches 0-3 committed, batch 4 in the offset log and
 * in the state store but not committed, and state the watermark has not evicted yet. The test
 * restarts it on a copy, with the same settings and input, and then adds two more steps whose
 * rows move the watermark, evict state and drop late rows.
 */
class PreviousReleaseCheckpointTest {
  @TempDir Path dir;

  private final String sink = "compat-out-" + UUID.randomUUID();
  private String input;

  /** One batch as the sink and the progress saw it: its rows (in a fixed order) and the state's row count after it. */
  record Batch(long id, long stateRows, List<Row> rows) {}

  /**
   * What an uninterrupted run of each query writes, batch by batch: computed once on the
   * previous release (commit f44c41e, {@code CompatCheckpointWriter --uninterrupted}) by running
   * every step of the query on a new checkpoint with no crash, alike on the hdfs and the rocksdb
   * store. Batches 0-3 are what the crashed process wrote before it halted; the restart must
   * write batches 4-9. Spark 4.0.1 gives the same batches, rows and numRowsTotal for the same two
   * queries and steps (a JSON file source, one file and one Trigger.AvailableNow start per step,
   * foreachBatch, 2 shuffle partitions).
   */
  private static final Map<Shape, List<Batch>> UNINTERRUPTED = Map.of(
      Shape.AGGREGATION, List.of(
          batch(0, 3, agg("12:00", "12:05", "a", 2, 1.75), agg("12:00", "12:05", "b", 1, 2.0), agg("12:05", "12:10", "a", 1, 4.0)),
          batch(1, 3),
          batch(2, 5, agg("12:00", "12:05", "a", 3, 4.75), agg("12:10", "12:15", "b", 1, 1.0), agg("12:15", "12:20", "a", 1, 0.5)),
          batch(3, 3),
          // The replayed batch: 12:05-12:10 "a" adds to a count and sum read from the old state.
          batch(4, 5, agg("12:05", "12:10", "a", 2, 5.0), agg("12:15", "12:20", "b", 1, 2.5), agg("12:20", "12:25", "a", 1, 0.75)),
          batch(5, 4),
          batch(6, 5, agg("12:10", "12:15", "b", 3, 1.625), agg("12:30", "12:35", "a", 1, 2.0)),
          batch(7, 2),
          batch(8, 4, agg("12:20", "12:25", "b", 2, 3.5), agg("12:45", "12:50", "b", 1, 1.0)),
          batch(9, 1)),
      Shape.DEDUPLICATION, List.of(
          batch(0, 3, dedup("a", "12:00", 1), dedup("b", "12:01", 2), dedup("c", "12:05", 4)),
          batch(1, 3),
          batch(2, 5, dedup("d", "12:20", 5), dedup("e", "12:12", 7)),
          batch(3, 2),
          // The replayed batch: the copies of e and d are dropped by the old state.
          batch(4, 4, dedup("f", "12:15", 9), dedup("g", "12:26", 12)),
          batch(5, 2),
          batch(6, 4, dedup("e", "12:17", 16), dedup("h", "12:40", 15)),
          batch(7, 1),
          batch(8, 3, dedup("d", "12:31", 20), dedup("i", "12:41", 19)),
          batch(9, 2)));

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(sink);
  }

  @ParameterizedTest
  @EnumSource(CompatQuery.class)
  void aCheckpointOfThePreviousReleaseRestartsWithTheRowsOfAnUninterruptedRun(CompatQuery query) throws Exception {
    Path checkpoint = copyOf(query);
    assertThat(checkpoint.resolve("offsets/" + CRASHED_BATCH)).exists();
    assertThat(checkpoint.resolve("commits/" + CRASHED_BATCH)).doesNotExist();
    input = query.input();
    MemoryStream stream = MemoryStream.create(input, query.shape.schema);
    for (int step = 0; step <= CRASHED_STEP; step++) {
      stream.addData(query.shape.steps.get(step));
    }

    List<Batch> batches = new ArrayList<>(run(query, checkpoint));
    assertThat(batches).as("the restart replays the uncommitted batch first").first()
        .extracting(Batch::id).isEqualTo(CRASHED_BATCH);
    for (int step = CRASHED_STEP + 1; step < query.shape.steps.size(); step++) {
      stream.addData(query.shape.steps.get(step));
      batches.addAll(run(query, checkpoint));
    }

    List<Batch> expected = UNINTERRUPTED.get(query.shape).stream().filter(b -> b.id() >= CRASHED_BATCH).toList();
    assertThat(batches).containsExactlyElementsOf(expected);
    MemorySinkTable table = MemorySinkTable.get(sink);
    assertThat(table.batchIds()).containsExactly(4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(table.rows()).containsExactlyInAnyOrderElementsOf(expected.stream().flatMap(b -> b.rows().stream()).toList());
    List<Row> replayed = expected.get(0).rows();
    assertThat(replayed).isNotEmpty();
    for (Row row : replayed) {
      assertThat(Collections.frequency(table.rows(), row)).as("the replayed batch's row %s in the sink", row).isEqualTo(1);
    }
  }

  /** Starts the query once (available-now) and returns the batches it ran. */
  private List<Batch> run(CompatQuery query, Path checkpoint) throws Exception {
    List<Batch> batches = new ArrayList<>();
    try (MillraceSession session = query.session(dir.resolve("local")).build()) {
      session.streams().addListener(new StreamingQueryListener() {
        /** Listeners run on the query's thread after the sink wrote the batch. */
        private int seen = MemorySinkTable.find(sink).map(t -> t.rows().size()).orElse(0);

        @Override
        public void onQueryProgress(QueryProgressEvent event) {
          StreamingQueryProgress p = event.progress();
          List<Row> all = MemorySinkTable.get(sink).rows();
          batches.add(new Batch(p.batchId(), p.stateOperators().get(0).numRowsTotal(), sorted(all.subList(seen, all.size()))));
          seen = all.size();
        }
      });
      query.start(session, checkpoint, sink).awaitTermination();
    }
    return batches;
  }

  /** The resource checkpoint, copied to a new directory so the test never changes it. */
  private Path copyOf(CompatQuery query) throws IOException, URISyntaxException {
    String name = CompatQuery.RESOURCES + "/" + query.dir;
    URL url = getClass().getClassLoader().getResource(name);
    assertThat(url).as("the test resource " + name).isNotNull();
    Path source = Path.of(url.toURI());
    Path copy = dir.resolve("checkpoint");
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = copy.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
    return copy;
  }

  private static Batch batch(long id, long stateRows, Row... rows) {
    return new Batch(id, stateRows, sorted(Arrays.asList(rows)));
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparing(Row::toString));
    return List.copyOf(copy);
  }

  /** A row of the aggregation: its window, key, count and sum. */
  private static Row agg(String start, String end, String key, long n, double total) {
    return Row.of(Row.of(at(start), at(end)), key, n, total);
  }

  /** A row of the deduplication: the first copy of its (id, ts). */
  private static Row dedup(String id, String ts, long n) {
    return Row.of(id, at(ts), n);
  }
}
