package io.millrace.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** The Kafka-to-Kafka run's output topic: made before the run, its records counted after it. */
final class KafkaTopics {
  private KafkaTopics() {}

  static void create(String bootstrap, String topic, int partitions) throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
    }
  }

  /** Records a read_committed reader sees, from the beginning to the end (not timed: after the run). */
  static long committedRecords(String bootstrap, String topic) {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    p.put("isolation.level", "read_committed");
    p.put("key.deserializer", ByteArrayDeserializer.class.getName());
    p.put("value.deserializer", ByteArrayDeserializer.class.getName());
    p.put("max.poll.records", "10000");
    long count = 0;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      List<TopicPartition> partitions = new ArrayList<>();
      consumer.partitionsFor(topic).forEach(i -> partitions.add(new TopicPartition(topic, i.partition())));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
        count += consumer.poll(Duration.ofMillis(500)).count();
      }
    }
    return count;
  }
}
