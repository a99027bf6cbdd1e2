package io.millrace.kafka.sink;

import io.millrace.kafka.EmbeddedKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionState;
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
      Map<TopicPartition, Long> end = settledEnd(consumer, partitions);
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
   * The last stable offsets once no transaction is between its end and its markers. A producer's
   * commitTransaction returns when the coordinator has logged the commit (PREPARE_COMMIT); the
   * markers reach the partitions after it, so a read right after a commit could find the last
   * stable offset still before the committed records (seen once, on a loaded host, as a replayed
   * batch "lost"). A transaction still open (a crashed writer's) is not waited for: it holds the
   * offset back until it is fenced or times out, which is what a reader sees.
   */
  private static Map<TopicPartition, Long> settledEnd(KafkaConsumer<byte[], byte[]> committed,
      List<TopicPartition> partitions) {
    try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", EmbeddedKafka.bootstrapServers()))) {
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (admin.listTransactions().all().get().stream().anyMatch(t -> t.state() == TransactionState.PREPARE_COMMIT
          || t.state() == TransactionState.PREPARE_ABORT)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("transactions still writing their markers after 30 s");
        }
        Thread.sleep(20);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("cannot list the broker's transactions: " + e.getCause(), e);
    }
    return committed.endOffsets(partitions);
  }
}
