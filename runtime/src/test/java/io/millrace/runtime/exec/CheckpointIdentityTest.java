package io.millrace.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.testing.MemoryStream;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A checkpoint that lost one of the files that make it this query's — its {@code metadata}, a
 * commit inside the retained logs, a state schema — is refused at start, naming the file,
 * never silently patched up; history that retention purged is not mistaken for damage.
 */
class CheckpointIdentityTest {
  @TempDir Path dir;

  private final String input = "ident-in-" + UUID.randomUUID();
  private final String output = "ident-out-" + UUID.randomUUID();
  private MemoryStream stream;
  private long next;

  @BeforeEach
  void setUp() {
    stream = MemoryStream.create(input, Schema.parse("key STRING"));
  }

  @AfterEach
  void tearDown() {
    MemoryStream.remove(input);
    MemorySinkTable.remove(output);
  }

  private Path ckpt() {
    return dir.resolve("ckpt");
  }

  private StreamingQuery start(MillraceSession session) {
    return session.readStream().format("memory").option("name", input).load()
        .writeStream().format("memory").option("name", output)
        .option("checkpointLocation", ckpt().toString()).start();
  }

  private StreamingQuery startCounting(MillraceSession session) {
    return session.readStream().format("memory").option("name", input).load()
        .groupBy("key").count()
        .writeStream().format("memory").option("name", output).outputMode("update")
        .option("checkpointLocation", ckpt().toString()).start();
  }

  /** Runs {@code batches} batches of one row each, then stops. */
  private void run(MillraceSession session, int batches, boolean counting) {
    StreamingQuery q = counting ? startCounting(session) : start(session);
    for (int i = 0; i < batches; i++) {
      stream.addData(Row.of("k" + next++));
      q.processAllAvailable();
    }
    q.stop();
    assertThat(q.exception()).isEmpty();
  }

  private void run(int batches) {
    try (MillraceSession session = MillraceSession.builder().build()) {
      run(session, batches, false);
    }
  }

  @Test
  void aCheckpointWhoseMetadataIsLostIsRefusedInsteadOfGettingANewQueryId() throws Exception {
    run(2);
    Path metadata = ckpt().resolve("metadata");
    Files.delete(metadata);

    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining(metadata.toString())
          .hasMessageContaining("offsets")
          .hasMessageContaining("query id");
    }
    assertThat(metadata).as("no new query id was written").doesNotExist();
  }

  @Test
  void aCheckpointWithOnlyCommitsLeftAndNoMetadataIsRefused() throws Exception {
    run(2);
    Files.delete(ckpt().resolve("metadata"));
    try (Stream<Path> offsets = Files.list(ckpt().resolve("offsets"))) {
      for (Path p : offsets.toList()) {
        Files.delete(p);
      }
    }

    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining(ckpt().resolve("metadata").toString())
          .hasMessageContaining("commits");
    }
    assertThat(ckpt().resolve("metadata")).doesNotExist();
  }

  @Test
  void aNewCheckpointStillGetsItsMetadata() {
    run(1);
    assertThat(ckpt().resolve("metadata")).exists();
  }

  @Test
  void aCommitMissingFarBelowTheLatestBatchIsDamageEvenWhenTheLatestIsCommitted() throws Exception {
    run(4);
    Path lost = ckpt().resolve("commits/1");
    Files.delete(lost);

    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining("damaged")
          .hasMessageContaining(lost.toString());
    }
  }

  @Test
  void anOffsetsEntryMissingInsideTheRetainedLogIsDamage() throws Exception {
    run(4);
    Path lost = ckpt().resolve("offsets/1");
    Files.delete(lost);

    try (MillraceSession session = MillraceSession.builder().build()) {
      assertThatThrownBy(() -> start(session))
          .hasMessageContaining("damaged")
          .hasMessageContaining(lost.toString());
    }
  }

  @Test
  void historyThatRetentionPurgedIsNotDamage() throws Exception {
    try (MillraceSession session = MillraceSession.builder().config("millrace.minBatchesToRetain", "2").build()) {
      run(session, 6, false);
      assertThat(ckpt().resolve("offsets/0")).as("purged").doesNotExist();
      assertThat(ckpt().resolve("commits/0")).as("purged").doesNotExist();
      run(session, 1, false);
    }
    assertThat(MemorySinkTable.get(output).rows()).hasSize(7);
  }

  @Test
  void aPurgeCutShortLeavesCommitsBelowTheOldestOffsetsAndThatIsNotDamage() throws Exception {
    // Retention deletes offsets/ entries first, in ascending order, then commits/ entries: a
    // process killed in between leaves the first offsets gone and their commits still there.
    run(4);
    Files.delete(ckpt().resolve("offsets/0"));
    Files.delete(ckpt().resolve("offsets/1"));

    try (MillraceSession session = MillraceSession.builder().build()) {
      run(session, 1, false);
    }
    assertThat(MemorySinkTable.get(output).rows()).hasSize(5);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void stateWhoseSchemaFileIsLostIsRefusedNotGivenANewSchema(String provider) throws Exception {
    try (MillraceSession session = MillraceSession.builder().config("millrace.state.provider", provider).build()) {
      run(session, 2, true);
    }
    Path schema = ckpt().resolve("state/0/_schema");
    assertThat(schema).as("a new operator records its schema").exists();
    Files.delete(schema);

    try (MillraceSession session = MillraceSession.builder().config("millrace.state.provider", provider).build()) {
      assertThatThrownBy(() -> startCounting(session))
          .hasMessageContaining(schema.toString())
          .hasMessageContaining(ckpt().resolve("state/0/").toString());
    }
    assertThat(schema).as("not recreated").doesNotExist();
  }

  @Test
  void anOperatorDirectoryWithoutStateFilesGetsItsSchemaRecorded() throws Exception {
    // A provider may create a partition's directory before it writes any version into it.
    Files.createDirectories(ckpt().resolve("state/0/0"));
    try (MillraceSession session = MillraceSession.builder().build()) {
      run(session, 1, true);
    }
    assertThat(ckpt().resolve("state/0/_schema")).exists();
  }
}
