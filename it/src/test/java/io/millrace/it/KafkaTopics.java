package io.millrace.it;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.kafka.sink.CommittedRecords;
import io.millrace.kafka.sink.OpenTransactions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Input and output of Kafka pipelines on the embedded broker, seen from outside the engine:
 * plain records written, what a read_committed reader sees, and what a run left open (the last
 * two from plugin-kafka's test-jar, as its sink tests check them).
 */
final class KafkaTopics {
  private KafkaTopics() {}

  /** Writes {@code records} (non-transactional) and waits until the broker has every one. */
  static void produce(List<ProducerRecord<String, String>> records) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers",
        EmbeddedKafka.bootstrapServers(), "acks", "all", "linger.ms", "5"), new StringSerializer(), new StringSerializer())) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (ProducerRecord<String, String> r : records) {
        sent.add(producer.send(r));
      }
      for (Future<RecordMetadata> f : sent) {
        f.get(30, TimeUnit.SECONDS);
      }
    }
  }

  /** What a read_committed reader sees: every partition from the beginning to its last stable offset. */
  static List<ConsumerRecord<byte[], byte[]>> committed(String topic) {
    return CommittedRecords.of(topic);
  }

  /** Descriptions of what a run left open (transactions of the prefix, producers mid-transaction); empty when nothing is. */
  static List<String> openTransactions(String transactionalIdPrefix, String topic, int partitions) throws Exception {
    return OpenTransactions.of(transactionalIdPrefix, topic, partitions);
  }
}
