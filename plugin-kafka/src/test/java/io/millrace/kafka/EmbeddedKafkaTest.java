package io.millrace.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The broker the plugin's tests run on supports what they rely on: transactions on a single
 * node (which need the replication settings {@link EmbeddedKafka} sets), and read_committed
 * readers that see a committed transaction and never an aborted one.
 */
@ExtendWith(EmbeddedKafka.class)
class EmbeddedKafkaTest {

  @Test
  void committedTransactionsAreReadAndAbortedOnesAreNot() {
    String topic = EmbeddedKafka.newTopic("smoke", 2);
    Properties p = EmbeddedKafka.clientProperties();
    p.put("transactional.id", "smoke-" + topic);
    p.put("key.serializer", StringSerializer.class.getName());
    p.put("value.serializer", StringSerializer.class.getName());
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, 0, "k", "aborted"));
      producer.flush();
      producer.abortTransaction();
      producer.beginTransaction();
      for (int i = 0; i < 4; i++) {
        producer.send(new ProducerRecord<>(topic, i % 2, "k" + i, "v" + i));
      }
      producer.commitTransaction();
    }

    Properties c = EmbeddedKafka.clientProperties();
    c.put("isolation.level", "read_committed");
    c.put("key.deserializer", StringDeserializer.class.getName());
    c.put("value.deserializer", StringDeserializer.class.getName());
    List<String> values = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
      List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (values.size() < 4 && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
          values.add(r.value());
        }
      }
      // Past the committed records: a read_committed reader's end is the last stable offset.
      assertThat(consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum())
          .isEqualTo(8); // p0: aborted record, abort marker, 2 records, commit marker; p1: 2 records, marker
    }
    assertThat(values).containsExactlyInAnyOrder("v0", "v1", "v2", "v3");
  }
}
