package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.kafka.EmbeddedKafka;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A Kafka-to-Kafka query run by the engine, exactly once across real crashes: a child JVM runs
 * {@link KafkaPipelineChild} (3 input partitions, 4 batches) and halts at one of the engine's
 * fault points, or the sink's, in batch 2; the restart, in this JVM, reads the same checkpoint and
 * runs to the end. Right after the halt a read_committed reader sees whole batches only; at the end it
 * sees every input event that passes the filter exactly once, and no transaction is left open.
 * A producer interceptor halts a child in the middle of a task's rows too.
 */
@ExtendWith(EmbeddedKafka.class)
@Execution(ExecutionMode.CONCURRENT) // two cases at once, each on its own topics and checkpoint: they wait on child JVMs
class KafkaPipelineCrashRecoveryTest {
  static final int PARTITIONS = 3;
  static final int EVENTS_PER_PARTITION = 40;
  private static final long HALT_BATCH = 2;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @ParameterizedTest(name = "halted at {0} (report {1}) of batch 2")
  @CsvSource({
      // point, occurrence, batch 2 committed in Kafka before the halt, session retention
      "BEFORE_OFFSET_LOG_WRITE, 1, false, 100",
      "AFTER_OFFSET_LOG_WRITE, 1, false, 100",
      // Retention 1: writing offsets/2 purges offsets/0, and the halt falls between the logs' purges.
      "DURING_LOG_PURGE, 1, false, 1",
      "INSIDE_SINK_WRITE, 1, false, 100", // flushed: every record sent, none visible
      "INSIDE_SINK_WRITE, 2, false, 100", // the batch marker is in the transaction too
      "INSIDE_SINK_WRITE, 3, true, 100", // committed in Kafka, the engine does not know
      "AFTER_SINK_WRITE, 1, true, 100",
      "BEFORE_COMMIT_LOG, 1, true, 100",
  })
  void aHaltAtEachPointEndsWithEveryKeptEventOnceAndNothingOpen(String point, int occurrence,
      boolean batchCommittedInKafka, int retain) throws Exception {
    Pipeline p = Pipeline.create(dir);
    assertThat(p.run(List.of("-Dit.minBatchesToRetain=" + retain), point, Long.toString(HALT_BATCH),
        Integer.toString(occurrence))).as("the child halted").isEqualTo(KafkaChildJvm.HALTED);

    long visibleThrough = batchCommittedInKafka ? HALT_BATCH : HALT_BATCH - 1;
    assertThat(ids(KafkaTopics.committed(p.output)))
        .as("right after the halt a read_committed reader sees batches 0-%d whole, and nothing more", visibleThrough)
        .containsExactlyInAnyOrderElementsOf(p.keptIdsThrough(visibleThrough));

    p.restart(Integer.toString(retain));
    p.assertEveryKeptEventOnceAndNothingOpen();
    String replay = p.progress(2).stream().filter(l -> l.contains("\"batchId\":" + HALT_BATCH + ","))
        .findFirst().orElseThrow(() -> new AssertionError("no progress for batch 2 after the restart"));
    assertThat(DeltaChildRuns.metric(replay, "numSkippedBatches"))
        .as("the sink skipped the replay of batch 2 iff Kafka had committed it: %s", replay)
        .isEqualTo(batchCommittedInKafka ? "1" : "0");
  }

  @Test
  void aHaltInTheMiddleOfATasksRowsLeavesNothingOfTheBatchVisibleAndTheRestartWritesItOnce() throws Exception {
    Pipeline p = Pipeline.create(dir);
    // Batch 2 reads offsets 20-29 of each partition; event 65 is offset 25 of partition 1, kept.
    long poison = EVENTS_PER_PARTITION + 25;
    assertThat(p.events.get((int) poison).kept()).isTrue();
    assertThat(p.run(List.of("-Dit.poisonId=" + poison,
        "-Dit.sink.kafka.interceptor.classes=" + KafkaHaltingInterceptor.class.getName())))
        .as("the child halted sending event %d", poison).isEqualTo(KafkaChildJvm.HALTED);
    assertThat(p.checkpoint().resolve("offsets").resolve("2")).as("batch 2 was planned").exists();
    assertThat(p.checkpoint().resolve("commits").resolve("1")).as("batch 1 was committed").exists();

    assertThat(ids(KafkaTopics.committed(p.output))).as("right after the halt: batches 0-1, nothing of batch 2")
        .containsExactlyInAnyOrderElementsOf(p.keptIdsThrough(HALT_BATCH - 1));
    p.restart(null);
    p.assertEveryKeptEventOnceAndNothingOpen();
  }

  /** The input and output topics, the checkpoint and the runs of one case. */
  static final class Pipeline {
    final Path dir;
    final String input = EmbeddedKafka.newTopic("pipeline-in", PARTITIONS);
    final String output = EmbeddedKafka.newTopic("pipeline-out", PARTITIONS);
    final String prefix = "pipeline-" + UUID.randomUUID().toString().substring(0, 8);
    final List<Event> events = new ArrayList<>();
    private int runs;

    private Pipeline(Path dir) {
      this.dir = dir;
    }

    /**
     * A pipeline whose input holds {@code EVENTS_PER_PARTITION} events on each partition: ids
     * 0.., one in four of kind {@code skip}, which the query filters out.
     */
    static Pipeline create(Path dir) throws Exception {
      Pipeline p = new Pipeline(dir);
      List<ProducerRecord<String, String>> records = new ArrayList<>();
      for (int partition = 0; partition < PARTITIONS; partition++) {
        for (int offset = 0; offset < EVENTS_PER_PARTITION; offset++) {
          long id = partition * EVENTS_PER_PARTITION + offset;
          Event e = new Event(id, id % 4 == 3 ? "skip" : "keep", (int) (id * 7 % 100), partition, offset);
          p.events.add(e);
          records.add(new ProducerRecord<>(p.input, partition, "k" + id, e.json()));
        }
      }
      KafkaTopics.produce(records);
      return p;
    }

    /** One child JVM on this pipeline's checkpoint; its exit code (0, or 137 halted), failing on any other. */
    int run(List<String> jvmOptions, String... fault) throws Exception {
      List<String> args = new ArrayList<>(List.of(EmbeddedKafka.bootstrapServers(), input, output, prefix,
          checkpoint().toString(), dir.resolve("progress-" + (++runs) + ".jsonl").toString()));
      args.addAll(List.of(fault));
      KafkaChildJvm child = KafkaChildJvm.start(dir.resolve("logs"), KafkaPipelineChild.class, jvmOptions, args);
      int code = child.await();
      assertThat(code).as("exit code of run %d; its output:%n%s", runs, child.output())
          .isIn(0, KafkaChildJvm.HALTED);
      return code;
    }

    /** The restart after a halt, to the end, in this JVM on the same checkpoint and topics. */
    void restart(String minBatchesToRetain) throws Exception {
      KafkaPipelineChild.run(new String[] {EmbeddedKafka.bootstrapServers(), input, output, prefix,
          checkpoint().toString(), dir.resolve("progress-" + (++runs) + ".jsonl").toString()},
          io.millrace.spi.fault.FaultInjector.NONE, minBatchesToRetain, Map.of());
    }

    Path checkpoint() {
      return dir.resolve("checkpoint");
    }

    /** The progress lines of run {@code n} (1-based). */
    List<String> progress(int n) throws Exception {
      return Files.readAllLines(dir.resolve("progress-" + n + ".jsonl"));
    }

    /** Ids of the kept events that batches 0 to {@code batch} read, from the offsets the checkpoint's offsets/N holds. */
    List<Long> keptIdsThrough(long batch) throws Exception {
      if (batch < 0) {
        return List.of();
      }
      // offsets/N: a version line, the batch's metadata, then one line per source (Spark's Kafka offsets JSON).
      String source = Files.readAllLines(checkpoint().resolve("offsets").resolve(Long.toString(batch))).stream()
          .filter(l -> l.startsWith("{\"" + input + "\"")).findFirst().orElseThrow();
      JsonNode ends = JSON.readTree(source).get(input);
      return events.stream().filter(Event::kept)
          .filter(e -> e.offset() < ends.get(Integer.toString(e.partition())).asLong()).map(Event::id).toList();
    }

    List<Long> keptIds() {
      return events.stream().filter(Event::kept).map(Event::id).toList();
    }

    void assertEveryKeptEventOnceAndNothingOpen() throws Exception {
      List<ConsumerRecord<byte[], byte[]>> out = KafkaTopics.committed(output);
      assertThat(ids(out)).as("every kept event exactly once, read_committed").containsExactlyInAnyOrderElementsOf(keptIds());
      for (ConsumerRecord<byte[], byte[]> r : out) {
        JsonNode value = JSON.readTree(r.value());
        Event e = events.get((int) value.get("id").asLong());
        assertThat(new String(r.value(), StandardCharsets.UTF_8)).as("the projection of event %d", e.id())
            .isEqualTo("{\"id\":%d,\"kind\":\"keep\",\"amount\":%d,\"partition\":%d,\"offset\":%d}", e.id(), e.amount(),
                e.partition(), e.offset());
        assertThat(new String(r.key(), StandardCharsets.UTF_8)).isEqualTo(Long.toString(e.id()));
      }
      assertThat(KafkaTopics.openTransactions(prefix, output, PARTITIONS)).as("transactions left open").isEmpty();
    }
  }

  /** One input event and where it lies. */
  record Event(long id, String kind, int amount, int partition, long offset) {
    boolean kept() {
      return kind.equals("keep");
    }

    String json() {
      return "{\"id\":" + id + ",\"kind\":\"" + kind + "\",\"amount\":" + amount + "}";
    }
  }

  /** The ids carried in the output values. */
  static List<Long> ids(List<ConsumerRecord<byte[], byte[]>> records) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      ids.add(JSON.readTree(r.value()).get("id").asLong());
    }
    return ids;
  }
}
