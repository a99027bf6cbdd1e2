package io.millrace.kafka.sink;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Which batch the query's last committed transaction carried: the "offset" of a consumer group
 * of the query's own ({@code <prefix>-<queryId>-sink}) on partition 0 of the marker topic,
 * committed inside the batch's transaction by {@code sendOffsetsToTransaction}, so it becomes
 * visible exactly when the batch's records do. The offset is the batch id, not a position in
 * the topic; the metadata is a small JSON for people who look ({@code {"q":..,"b":..,"rows":..}}).
 */
final class BatchMarker {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String group;
  private final TopicPartition partition;
  private final String queryId;

  BatchMarker(String group, String markerTopic, String queryId) {
    this.group = group;
    this.partition = new TopicPartition(markerTopic, 0);
    this.queryId = queryId;
  }

  String group() {
    return group;
  }

  TopicPartition partition() {
    return partition;
  }

  /** What the transaction of {@code batchId} commits for the marker group. */
  Map<TopicPartition, OffsetAndMetadata> offsets(long batchId, long rows) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("q", queryId);
    meta.put("b", batchId);
    meta.put("rows", rows);
    try {
      return Map.of(partition, new OffsetAndMetadata(batchId, JSON.writeValueAsString(meta)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  ConsumerGroupMetadata groupMetadata() {
    return new ConsumerGroupMetadata(group);
  }

  /**
   * The last committed batch id, or -1. A read_committed consumer's {@code committed} waits out a
   * transactional offset commit still pending (UNSTABLE_OFFSET_COMMIT); the Admin call with
   * requireStable instead drops such a partition and would read as "nothing committed".
   */
  long read(Map<String, Object> clientConfig, Duration timeout) {
    Map<String, Object> c = new LinkedHashMap<>(clientConfig);
    c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c)) {
      OffsetAndMetadata committed = consumer.committed(Set.of(partition), timeout).get(partition);
      return committed == null ? -1 : committed.offset();
    }
  }
}
