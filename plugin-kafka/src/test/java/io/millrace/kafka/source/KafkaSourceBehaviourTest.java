package io.millrace.kafka.source;

import static io.millrace.kafka.source.SourceFixture.options;
import static io.millrace.kafka.source.SourceFixture.read;
import static io.millrace.kafka.source.SourceFixture.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import io.millrace.spi.source.Source;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What the source does beyond the contract, each on a fresh topic of the shared broker. */
@ExtendWith(EmbeddedKafka.class)
class KafkaSourceBehaviourTest {
  private SourceFixture fixture;

  @BeforeEach
  void open() throws Exception {
    fixture = new SourceFixture();
  }

  @AfterEach
  void close() throws Exception {
    fixture.close();
  }

  @Test
  void aPatternPicksUpNewTopicsAndNewPartitionsAtTheNextBatchFromTheirEarliest() throws Exception {
    String prefix = "pat" + UUID.randomUUID().toString().substring(0, 6);
    String a = EmbeddedKafka.newTopic(prefix, 1);
    fixture.send(a, 0, "a-old");
    Source source = fixture.open(options("subscribePattern", prefix + "-.*", "startingOffsets", "latest"));
    Offset start = source.initialOffset();
    Offset first = source.latestOffset(start, ReadLimit.allAvailable());
    assertThat(first.json()).isEqualTo(start.json()); // latest: a-old is before the start
    fixture.send(a, 0, "a-new");
    String b = EmbeddedKafka.newTopic(prefix, 1);
    fixture.send(b, 0, "b-0");
    try (Admin admin = EmbeddedKafka.admin()) {
      admin.createPartitions(Map.of(a, NewPartitions.increaseTo(2))).all().get();
    }
    fixture.send(a, 1, "a1-0");
    Offset next = source.latestOffset(first, ReadLimit.allAvailable());
    assertThat(values(read(source, first, next))).containsExactlyInAnyOrder("a-new", "b-0", "a1-0");
    assertThat(source.metrics()).containsEntry("partitions", "3");
  }

  @Test
  void failOnDataLossTrueFailsNamingTopicPartitionAndOffsets() throws Exception {
    String topic = lostTopic();
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest"));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    deleteBefore(topic, 5);
    assertThatThrownBy(() -> read(source, source.initialOffset(), end))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("topic " + topic + " partition 0: offsets [0, 5) are no longer available")
        .hasMessageContaining("failOnDataLoss=false");
  }

  @Test
  void failOnDataLossFalseSkipsAndCountsInTheMetrics() throws Exception {
    String topic = lostTopic();
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "failOnDataLoss", "false"));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    deleteBefore(topic, 5);
    assertThat(values(read(source, source.initialOffset(), end))).containsExactly("v5", "v6", "v7", "v8", "v9");
    assertThat(source.metrics()).containsEntry("dataLossOffsets", "5").containsEntry("dataLossEvents", "1");
  }

  private String lostTopic() {
    String topic = EmbeddedKafka.newTopic("loss", 1);
    for (int i = 0; i < 10; i++) {
      fixture.send(topic, 0, "v" + i);
    }
    return topic;
  }

  private static void deleteBefore(String topic, long offset) throws Exception {
    try (Admin admin = EmbeddedKafka.admin()) {
      admin.deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(offset))).all().get();
    }
  }

  @Test
  void startsAtATimestampAndFollowsTheStrategyWhenNoRecordIsThatLate() throws Exception {
    String topic = EmbeddedKafka.newTopic("ts", 2);
    for (int i = 0; i < 3; i++) {
      fixture.send(new ProducerRecord<>(topic, 0, 1_000L * (i + 1), null, "p0-" + i));
    }
    fixture.send(new ProducerRecord<>(topic, 1, 5_000L, null, "p1-0"));
    Source at = fixture.open(options("subscribe", topic, "startingTimestamp", "2000"));
    assertThat(at.initialOffset().json()).isEqualTo("{\"" + topic + "\":{\"0\":1,\"1\":0}}");

    Source byPartition = new SourceFixture().open(options("subscribe", topic,
        "startingOffsetsByTimestamp", "{\"" + topic + "\":{\"0\":3000,\"1\":9000}}"));
    assertThatThrownBy(byPartition::initialOffset).hasMessageContaining("topic " + topic + " partition 1 has no record at"
        + " or after timestamp 9000").hasMessageContaining("startingOffsetsByTimestampStrategy=latest");
    byPartition.close();
    Source latest = new SourceFixture().open(options("subscribe", topic, "startingOffsetsByTimestamp",
        "{\"" + topic + "\":{\"0\":3000,\"1\":9000}}", "startingOffsetsByTimestampStrategy", "latest"));
    assertThat(latest.initialOffset().json()).isEqualTo("{\"" + topic + "\":{\"0\":2,\"1\":1}}");
    latest.close();
  }

  @Test
  void minOffsetsPerTriggerWaitsUntilMaxTriggerDelay() throws Exception {
    String topic = EmbeddedKafka.newTopic("delay", 1);
    AtomicLong clock = new AtomicLong(1_000_000);
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "minOffsetsPerTrigger", "5",
        "maxTriggerDelay", "10s"), clock::get);
    fixture.send(topic, 0, "a");
    Offset first = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    assertThat(values(read(source, source.initialOffset(), first))).containsExactly("a"); // the first trigger runs
    fixture.send(topic, 0, "b");
    clock.addAndGet(9_999);
    assertThat(source.latestOffset(first, ReadLimit.allAvailable()).json()).isEqualTo(first.json()); // 1 < 5, waits
    clock.addAndGet(1);
    Offset second = source.latestOffset(first, ReadLimit.allAvailable()); // the delay has passed
    assertThat(values(read(source, first, second))).containsExactly("b");
    for (int i = 0; i < 5; i++) {
      fixture.send(topic, 0, "c" + i);
    }
    Offset third = source.latestOffset(second, ReadLimit.allAvailable()); // 5 pending: no wait
    assertThat(read(source, second, third)).hasSize(5);
  }

  @Test
  void maxOffsetsPerTriggerIsTheDefaultLimitAndTheLagMetricsFollowSpark() throws Exception {
    String topic = EmbeddedKafka.newTopic("lag", 2);
    for (int i = 0; i < 10; i++) {
      fixture.send(topic, 0, "p0-" + i);
    }
    for (int i = 0; i < 4; i++) {
      fixture.send(topic, 1, "p1-" + i);
    }
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "maxOffsetsPerTrigger", "6"));
    assertThat(source.defaultReadLimit().maxRows()).hasValue(6);
    Offset end = source.latestOffset(source.initialOffset(), source.defaultReadLimit());
    // pending 10 and 4, cap 6: floors 4 (4.29) and 1 (1.71); the offset left goes to p1's larger fraction.
    assertThat(end.json()).isEqualTo("{\"" + topic + "\":{\"0\":4,\"1\":2}}");
    assertThat(read(source, source.initialOffset(), end)).hasSize(6);
    // behind latest: 10 - 4 = 6 and 4 - 2 = 2
    assertThat(source.metrics()).containsEntry("minOffsetsBehindLatest", "2").containsEntry("maxOffsetsBehindLatest", "6")
        .containsEntry("avgOffsetsBehindLatest", "4.0");
  }

  @Test
  void minPartitionsSplitsAPartitionIntoConsecutiveTasks() throws Exception {
    String topic = EmbeddedKafka.newTopic("split", 1);
    for (int i = 0; i < 10; i++) {
      fixture.send(topic, 0, "v" + i);
    }
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "minPartitions", "3"));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    List<InputPartition> planned = source.planInputPartitions(source.initialOffset(), end);
    assertThat(planned).containsExactly(new KafkaInputPartition(topic, 0, 0, 3), new KafkaInputPartition(topic, 0, 3, 6),
        new KafkaInputPartition(topic, 0, 6, 10));
    assertThat(values(read(source, source.initialOffset(), end))).containsExactly("v0", "v1", "v2", "v3", "v4", "v5",
        "v6", "v7", "v8", "v9");
  }

  @Test
  void readCommittedStopsAtTheLastStableOffsetAndSkipsAbortedRecords() throws Exception {
    String topic = EmbeddedKafka.newTopic("txn", 1);
    Map<String, Object> p = Map.of("bootstrap.servers", EmbeddedKafka.bootstrapServers(), "transactional.id", "t-" + topic,
        "key.serializer", StringSerializer.class.getName(), "value.serializer", StringSerializer.class.getName());
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest"));
    Offset start = source.initialOffset();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, 0, null, "aborted"));
      producer.flush();
      producer.abortTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, 0, null, "committed"));
      producer.flush();
      Offset open = source.latestOffset(start, ReadLimit.allAvailable());
      assertThat(values(read(source, start, open))).isEmpty(); // the open transaction holds the LSO back
      producer.commitTransaction();
    }
    Offset end = source.latestOffset(start, ReadLimit.allAvailable());
    assertThat(end.json()).isEqualTo("{\"" + topic + "\":{\"0\":4}}"); // 2 records and 2 markers
    assertThat(values(read(source, start, end))).containsExactly("committed");
  }

  @Test
  void headersAndPrunedColumns() throws Exception {
    String topic = EmbeddedKafka.newTopic("headers", 1);
    ProducerRecord<String, String> record = new ProducerRecord<>(topic, 0, "k", "v");
    record.headers().add("h", "x".getBytes(StandardCharsets.UTF_8));
    fixture.send(record);
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "includeHeaders", "true"));
    assertThat(source.schema().toDdl()).isEqualTo("key BINARY, value BINARY, topic STRING, partition INT, offset LONG,"
        + " timestamp TIMESTAMP, timestampType INT, headers ARRAY<STRUCT<key STRING, value BINARY>>");
    source.pruneColumns(Schema.parse("value BINARY, headers ARRAY<STRUCT<key STRING, value BINARY>>"));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    List<Row> rows = read(source, source.initialOffset(), end);
    assertThat(rows).containsExactly(Row.of("v".getBytes(StandardCharsets.UTF_8),
        List.of(Row.of("h", "x".getBytes(StandardCharsets.UTF_8)))));
  }

  @Test
  void latestMeansTheSameAfterARestartBeforeTheFirstBatch() throws Exception {
    String topic = EmbeddedKafka.newTopic("initial", 1);
    fixture.send(topic, 0, "before");
    Map<String, String> options = options("subscribe", topic);
    Source first = fixture.open(options);
    Offset start = first.initialOffset();
    first.latestOffset(start, ReadLimit.allAvailable()); // records the initial offsets
    first.close();
    fixture.send(topic, 0, "after");
    Source restarted = fixture.open(options);
    assertThat(restarted.initialOffset().json()).isEqualTo(start.json());
    Offset end = restarted.latestOffset(restarted.initialOffset(), ReadLimit.allAvailable());
    assertThat(values(read(restarted, restarted.initialOffset(), end))).containsExactly("after");
  }

  @Test
  void commitOffsetsToGroupWritesTheEndToTheGroup() throws Exception {
    String topic = EmbeddedKafka.newTopic("group", 1);
    fixture.send(topic, 0, "v");
    Source source = fixture.open(options("subscribe", topic, "startingOffsets", "earliest", "commitOffsetsToGroup", "true",
        "groupIdPrefix", "g-" + topic));
    Offset end = source.latestOffset(source.initialOffset(), ReadLimit.allAvailable());
    source.commit(end);
    try (Admin admin = EmbeddedKafka.admin()) {
      var committed = admin.listConsumerGroupOffsets("g-" + topic + "-q-test").partitionsToOffsetAndMetadata().get();
      assertThat(committed.get(new TopicPartition(topic, 0)).offset()).isEqualTo(1);
    }
    assertThat(source.metrics()).containsEntry("groupCommitFailures", "0");
  }
}
