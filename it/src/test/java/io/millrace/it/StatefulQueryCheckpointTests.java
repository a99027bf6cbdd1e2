package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A stateful query (memory source, {@code groupBy("key").count()} in update mode, memory sink)
 * whose whole checkpoint (offsets, commits, state) lives on one store, across a stop and a
 * restart, and across a lost commit; a lost {@code metadata} or state schema is refused.
 * Each subclass names the store.
 */
abstract class StatefulQueryCheckpointTests {
  private static final int PARTITIONS = 2;

  private final String input = "it-in-" + UUID.randomUUID();
  private final String output = "it-out-" + UUID.randomUUID();
  private MemoryStream stream;
  private URI checkpoint;
  private int seen;

  /** A fresh, empty checkpoint location on the store under test, ending in '/'. */
  protected abstract URI freshCheckpoint();

  /** The session settings that reach the store ({@code millrace.hadoop.*}). */
  protected abstract Map<String, String> storeSettings();

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("key STRING"));
    checkpoint = freshCheckpoint();
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private MillraceSession session() {
    return MillraceSession.builder().config(storeSettings()).config("millrace.shuffle.partitions", PARTITIONS).build();
  }

  private StreamingQuery start(MillraceSession session) {
    return session.readStream().format("memory").option("name", input).load()
        .groupBy("key").count()
        .writeStream().format("memory").option("name", output).outputMode("update")
        .option("checkpointLocation", checkpoint.toString()).start();
  }

  private void add(String... keys) {
    List<Row> rows = new ArrayList<>();
    for (String key : keys) {
      rows.add(Row.of(key));
    }
    stream.addData(rows);
  }

  /** The rows the sink received since the last call, sorted by key. */
  private List<Row> newRows() {
    List<Row> all = MemorySinkTable.get(output).rows();
    List<Row> fresh = new ArrayList<>(all.subList(seen, all.size()));
    seen = all.size();
    fresh.sort(Comparator.comparing(r -> r.getString(0)));
    return fresh;
  }

  private CheckpointFiles files() throws Exception {
    return CheckpointFiles.of(checkpoint, storeSettings());
  }

  /** Batches 0 and 1 on a first run, then stop. */
  private String runFirstTwoBatches() {
    try (MillraceSession session = session()) {
      StreamingQuery query = start(session);
      add("a", "b", "a");
      query.processAllAvailable();
      assertThat(newRows()).containsExactly(Row.of("a", 2L), Row.of("b", 1L));
      add("b", "c");
      query.processAllAvailable();
      assertThat(newRows()).containsExactly(Row.of("b", 2L), Row.of("c", 1L));
      query.stop();
      assertThat(query.lastProgress().batchId()).isEqualTo(1);
      return query.id().toString();
    }
  }

  @Test
  void aRestartOnTheSameCheckpointContinuesFromTheStateAndOffsetsKeptOnTheStore() throws Exception {
    String queryId = runFirstTwoBatches();
    try (MillraceSession session = session()) {
      StreamingQuery query = start(session);
      assertThat(query.id().toString()).isEqualTo(queryId);
      add("a", "c", "c");
      query.processAllAvailable();
      query.stop();
      assertThat(query.lastProgress().batchId()).isEqualTo(2);
    }
    assertThat(newRows()).containsExactly(Row.of("a", 3L), Row.of("c", 3L));
    assertThat(MemorySinkTable.get(output).skippedBatches()).isZero();
    assertWholeCheckpoint(2);
  }

  @Test
  void aLostCommitIsReplayedOverTheSameOffsetsAndState() throws Exception {
    runFirstTwoBatches();
    byte[] offsets1;
    try (CheckpointFiles files = files()) {
      offsets1 = files.read("offsets/1");
      // A crash after the sink wrote batch 1 and before commits/1 reached the store.
      files.delete("commits/1");
    }
    try (MillraceSession session = session()) {
      StreamingQuery query = start(session);
      query.processAllAvailable();
      assertThat(MemorySinkTable.get(output).skippedBatches()).as("the replayed batch 1 reached the sink again").isOne();
      add("a", "b", "c", "c");
      query.processAllAvailable();
      query.stop();
      assertThat(query.lastProgress().batchId()).isEqualTo(2);
    }
    // Batch 1's counts were applied once: the replay started from state version 1 again.
    assertThat(newRows()).containsExactly(Row.of("a", 3L), Row.of("b", 3L), Row.of("c", 3L));
    assertWholeCheckpoint(2);
    try (CheckpointFiles files = files()) {
      assertThat(files.read("offsets/1")).as("offsets/1 after the replay").isEqualTo(offsets1);
    }
  }

  @Test
  void aLostMetadataFileIsRefusedNotReplacedByANewQueryId() throws Exception {
    runFirstTwoBatches();
    try (CheckpointFiles files = files()) {
      files.delete("metadata");
    }
    try (MillraceSession session = session()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining(checkpoint.resolve("metadata").toString())
          .hasMessageContaining("query id");
    }
    try (CheckpointFiles files = files()) {
      assertThat(files.list()).as("files under " + checkpoint).doesNotContainKey("metadata");
    }
  }

  @Test
  void aLostStateSchemaIsRefusedNotRecordedAgain() throws Exception {
    runFirstTwoBatches();
    try (CheckpointFiles files = files()) {
      files.delete("state/0/_schema");
    }
    try (MillraceSession session = session()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining(checkpoint.resolve("state/0/_schema").toString())
          .hasMessageContaining("state was written");
    }
    try (CheckpointFiles files = files()) {
      assertThat(files.list()).as("files under " + checkpoint).doesNotContainKey("state/0/_schema");
    }
  }

  /** Offsets, commits and state of batches 0 to {@code last} are on the store, and no temporary file. */
  private void assertWholeCheckpoint(int last) throws Exception {
    TreeMap<String, Long> listed;
    try (CheckpointFiles files = files()) {
      listed = files.list();
    }
    List<String> expected = new ArrayList<>(List.of("metadata", "state/0/_schema"));
    for (int batch = 0; batch <= last; batch++) {
      expected.add("offsets/" + batch);
      expected.add("commits/" + batch);
      for (int partition = 0; partition < PARTITIONS; partition++) {
        // Batch N commits state version N + 1 of every partition.
        expected.add("state/0/" + partition + "/" + (batch + 1) + ".delta");
      }
    }
    assertThat(listed.keySet()).as("files under " + checkpoint).containsAll(expected);
    assertThat(listed.keySet()).as("files for a batch after " + last + " under " + checkpoint)
        .doesNotContain("offsets/" + (last + 1), "commits/" + (last + 1));
    assertThat(listed.keySet()).as("temporary files under " + checkpoint)
        .noneMatch(p -> name(p).startsWith(".") || name(p).endsWith(".tmp"));
    // Every checkpoint file carries at least a checksum; only the file: storage's lock file is empty.
    listed.remove("lock");
    assertThat(listed).as("empty files under " + checkpoint).allSatisfy((path, size) -> assertThat(size).isPositive());
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
