package io.millrace.kafka.sink;

import io.millrace.kafka.EmbeddedKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What a read_committed reader of a topic sees, read with a plain consumer: every partition from
 * the beginning to its end offset, which is the last stable offset (an open transaction holds it
 * back, so its records are never read, and an aborted one's are skipped).
 */
public final class CommittedRecords {
  private CommittedRecords() {}

  public static List<ConsumerRecord<byte[], byte[]>> of(String topic) {
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
}
