package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.StreamingQuery;
import io.millrace.api.StreamingQueryException;
import io.millrace.api.StreamingQueryProgress;
import io.millrace.api.Trigger;
import io.millrace.kafka.EmbeddedKafka;
import io.millrace.plugins.sink.MemorySinkTable;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through the engine on the real broker: a record over the producer's
 * {@code max.request.size}, the at-least-once sink, and values {@code from_json} cannot parse.
 */
@ExtendWith(EmbeddedKafka.class)
class KafkaBadInputTest {
  private static final String MEMORY = "kafka-bad-input";
  private static final int MAX_REQUEST_SIZE = 4096;
  private static final int OFFSETS_PER_BATCH = 50;
  private static final int BIG = 2 * OFFSETS_PER_BATCH - 1;

  @TempDir Path dir;

  @AfterEach
  void dropMemoryTable() {
    MemorySinkTable.remove(MEMORY);
  }

  /**
   * The producer refuses a record over max.request.size in send's future and callback, not by a
   * throw from send: the sink must still fail the batch, naming topic, size and limit, and abort
   * its transaction. Batch 0 (offsets 0-49) commits; batch 1 holds the big record last, at offset 99.
   */
  @Test
  void aRecordOverMaxRequestSizeFailsTheQueryNamingItAndLeavesNothingOfItsBatchVisible() throws Exception {
    String input = EmbeddedKafka.newTopic("bad-in", 1);
    String output = EmbeddedKafka.newTopic("bad-out", 1);
    String prefix = "bad-" + UUID.randomUUID().toString().substring(0, 8);
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    List<String> batch0 = new ArrayList<>();
    for (int i = 0; i < 2 * OFFSETS_PER_BATCH; i++) {
      String value = i == BIG ? "x".repeat(3 * MAX_REQUEST_SIZE) : "v" + i;
      records.add(new ProducerRecord<>(input, 0, "k" + i, value));
      if (i < OFFSETS_PER_BATCH) {
        batch0.add(value);
      }
    }
    KafkaTopics.produce(records);

    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = passThrough(session, input, OFFSETS_PER_BATCH).writeStream().format("kafka")
          .option("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers()).option("topic", output)
          .option("transactionalIdPrefix", prefix).option("kafka.max.request.size", MAX_REQUEST_SIZE)
          // Sent at once, the records before the big one reach the broker: its transaction is open there.
          .option("kafka.linger.ms", 0)
          .option("checkpointLocation", dir.resolve("checkpoint").toString()).trigger(Trigger.availableNow()).start();
      String message = messages(failure(query));
      assertThat(message).contains(output).doesNotContain("partition -1").contains("max.request.size").contains(Integer.toString(MAX_REQUEST_SIZE))
          .as("the record's size: its 12,288-byte value with the key and the record's framing").containsPattern("\\b123[0-9]{2} bytes");

      assertThat(values(KafkaTopics.committed(output))).as("read_committed: batch 0 whole, nothing of batch 1")
          .containsExactlyInAnyOrderElementsOf(batch0);
      assertThat(KafkaTopics.openTransactions(prefix, output, 1)).as("transactions left open").isEmpty();
      assertThat(dir.resolve("checkpoint/commits/1")).as("batch 1 is not committed").doesNotExist();
    }
  }

  @Test
  void atLeastOnceWritesEveryRowAndTheProgressSaysSo() throws Exception {
    String input = EmbeddedKafka.newTopic("alo-in", 2);
    String output = EmbeddedKafka.newTopic("alo-out", 2);
    String prefix = "alo-" + UUID.randomUUID().toString().substring(0, 8);
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      records.add(new ProducerRecord<>(input, i % 2, "k" + i, "v" + i));
      expected.add("v" + i);
    }
    KafkaTopics.produce(records);

    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = passThrough(session, input, 8).writeStream().format("kafka")
          .option("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers()).option("topic", output)
          .option("transactionalIdPrefix", prefix).option("deliveryGuarantee", "at-least-once")
          .option("checkpointLocation", dir.resolve("checkpoint").toString()).trigger(Trigger.availableNow()).start();
      query.awaitTermination(60_000);
      assertThat(query.exception()).isEmpty();
      assertThat(query.deliveryGuarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
      List<StreamingQueryProgress> progress = query.recentProgress();
      assertThat(progress).as("20 offsets at 8 a batch").hasSize(3);
      for (StreamingQueryProgress p : progress) {
        assertThat(p.sink().metrics()).as("batch %d's sink metrics", p.batchId())
            .containsEntry("deliveryGuarantee", "at-least-once").doesNotContainKey("transactionalId");
      }
    }
    assertThat(values(KafkaTopics.committed(output))).as("every row, here once: nothing failed")
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(KafkaTopics.openTransactions(prefix, output, 2)).isEmpty();
  }

  @Test
  void aValueThatIsNotJsonGivesNullColumnsByDefault() throws Exception {
    String input = jsonInputWithOneBadValue();
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = parsed(session, input, "").writeStream().format("memory").option("name", MEMORY)
          .outputMode("append").option("checkpointLocation", dir.resolve("checkpoint").toString())
          .trigger(Trigger.availableNow()).start();
      query.awaitTermination(60_000);
      assertThat(query.exception()).isEmpty();
      // Not silent: the batch's progress counts the value that became NULLs.
      assertThat(query.recentProgress().stream().mapToLong(p -> p.customMetrics() == null ? 0
          : p.customMetrics().getOrDefault("numMalformedFromJsonRecords", 0L)).sum()).isEqualTo(1);
    }
    List<String> rows = MemorySinkTable.get(MEMORY).rows().stream().map(KafkaBadInputTest::show).toList();
    assertThat(rows).containsExactlyInAnyOrder("0:1:a", "1:null:null", "2:3:c");
  }

  @Test
  void aValueThatIsNotJsonFailsTheQueryNamingItUnderFailFast() throws Exception {
    String input = jsonInputWithOneBadValue();
    try (MillraceSession session = MillraceSession.builder().build()) {
      StreamingQuery query = parsed(session, input, ", map('mode', 'FAILFAST')").writeStream().format("memory")
          .option("name", MEMORY).outputMode("append").option("checkpointLocation", dir.resolve("checkpoint").toString())
          .trigger(Trigger.availableNow()).start();
      assertThat(messages(failure(query))).contains("FAILFAST").contains("'{\"id\": 2, \"name\": ' (cut)");
    }
    assertThat(MemorySinkTable.find(MEMORY).map(MemorySinkTable::rows).orElse(List.of())).as("nothing written").isEmpty();
    assertThat(dir.resolve("checkpoint/commits/0")).doesNotExist();
  }

  /** Three JSON values on one partition; the middle one is cut short. */
  private static String jsonInputWithOneBadValue() throws Exception {
    String input = EmbeddedKafka.newTopic("json-in", 1);
    KafkaTopics.produce(List.of(new ProducerRecord<>(input, 0, null, "{\"id\": 1, \"name\": \"a\"}"),
        new ProducerRecord<>(input, 0, null, "{\"id\": 2, \"name\": ' (cut)"),
        new ProducerRecord<>(input, 0, null, "{\"id\": 3, \"name\": \"c\"}")));
    return input;
  }

  private static Dataset passThrough(MillraceSession session, String topic, long offsetsPerBatch) {
    return session.readStream().format("kafka").option("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers())
        .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", offsetsPerBatch)
        .load().selectExpr("CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value");
  }

  private static Dataset parsed(MillraceSession session, String topic, String fromJsonOptions) {
    return session.readStream().format("kafka").option("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers())
        .option("subscribe", topic).option("startingOffsets", "earliest").load()
        .selectExpr("offset", "from_json(CAST(value AS STRING), 'id INT, name STRING'" + fromJsonOptions + ") AS e")
        .selectExpr("offset", "e.*");
  }

  private static String show(Row r) {
    return r.get(0) + ":" + r.get(1) + ":" + r.get(2);
  }

  private static List<String> values(List<ConsumerRecord<byte[], byte[]>> records) {
    return records.stream().map(r -> new String(r.value(), StandardCharsets.UTF_8)).toList();
  }

  /** What the query failed with: awaitTermination throws it, as Spark's does; the query holds the same. */
  private static StreamingQueryException failure(StreamingQuery query) {
    StreamingQueryException thrown = catchThrowableOfType(StreamingQueryException.class, () -> query.awaitTermination(60_000));
    assertThat(thrown).as("the query failed").isNotNull();
    assertThat(query.isActive()).isFalse();
    assertThat(query.exception()).contains(thrown);
    return thrown;
  }

  /** The messages of an exception and its causes, one a line. */
  private static String messages(Throwable t) {
    StringBuilder out = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      out.append(c.getClass().getName()).append(": ").append(c.getMessage()).append('\n');
    }
    return out.toString();
  }
}
