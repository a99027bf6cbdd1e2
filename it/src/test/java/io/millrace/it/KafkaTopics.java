package io.millrace.it;

import io.millrace.kafka.EmbeddedKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Input and output of Kafka pipelines on the embedded broker, seen from outside the engine:
 * plain records written, what a read_committed reader sees, and what a run left open. The last
 * two are copies of plugin-kafka's sink tests' CommittedRecords and OpenTransactions, which are
 * package-private there.
 */
final class KafkaTopics {
  private static final Set<TransactionState> SETTLED =
      Set.of(TransactionState.COMPLETE_COMMIT, TransactionState.COMPLETE_ABORT, TransactionState.EMPTY);

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

  /**
   * What a read_committed reader sees: every partition from the beginning to its end offset,
   * which is the last stable offset (an open transaction holds it back, so its records are
   * never read, and an aborted one's are skipped).
   */
  static List<ConsumerRecord<byte[], byte[]>> committed(String topic) {
    Map<String, Object> config = Map.of("bootstrap.servers", EmbeddedKafka.bootstrapServers(),
        "isolation.level", "read_committed", "enable.auto.commit", "false");
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
          .map(p -> new TopicPartition(topic, p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("topic " + topic + ": end offsets " + end + " not reached in 30 s");
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
            out.add(r);
          }
        }
      }
    }
    return out;
  }

  /**
   * Descriptions of what a run left open, empty when nothing is: transactions of an id prefix
   * not in a final state (listTransactions), and producers with a transaction still open on a
   * partition of {@code topic} (describeProducers).
   */
  static List<String> openTransactions(String transactionalIdPrefix, String topic, int partitions) throws Exception {
    List<String> open = new ArrayList<>();
    try (Admin admin = EmbeddedKafka.admin()) {
      for (TransactionListing t : admin.listTransactions(new ListTransactionsOptions()
          .filterOnTransactionalIdPattern(Pattern.quote(transactionalIdPrefix) + ".*")).all().get()) {
        if (!SETTLED.contains(t.state())) {
          open.add(t.transactionalId() + " is " + t.state());
        }
      }
      List<TopicPartition> tps = new ArrayList<>();
      for (int p = 0; p < partitions; p++) {
        tps.add(new TopicPartition(topic, p));
      }
      admin.describeProducers(tps).all().get().forEach((tp, state) -> {
        for (ProducerState s : state.activeProducers()) {
          if (s.currentTransactionStartOffset().isPresent()) {
            open.add(tp + ": producer " + s.producerId() + " has a transaction open since offset "
                + s.currentTransactionStartOffset().getAsLong());
          }
        }
      });
    }
    return open;
  }
}
