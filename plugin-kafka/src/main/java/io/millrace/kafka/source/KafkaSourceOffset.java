package io.millrace.kafka.source;

import io.millrace.spi.source.Offset;
import java.util.Map;
import java.util.SortedMap;
import org.apache.kafka.common.TopicPartition;

/**
 * The position of the source: for every partition read, the next offset to read (so a batch
 * {@code (start, end]} reads Kafka offsets {@code [start, end)}), as Spark's JSON.
 */
final class KafkaSourceOffset implements Offset {
  private final SortedMap<TopicPartition, Long> next;
  private final String json;

  KafkaSourceOffset(Map<TopicPartition, Long> next) {
    this.next = PartitionOffsets.sorted(next);
    this.json = PartitionOffsets.toJson(this.next);
  }

  static KafkaSourceOffset parse(String json) {
    return new KafkaSourceOffset(PartitionOffsets.parse("offset", json));
  }

  /** The next offset to read of every partition, topic by topic, partitions in numeric order. */
  SortedMap<TopicPartition, Long> positions() {
    return next;
  }

  @Override
  public String json() {
    return json;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KafkaSourceOffset && ((KafkaSourceOffset) o).json.equals(json);
  }

  @Override
  public int hashCode() {
    return json.hashCode();
  }

  @Override
  public String toString() {
    return json;
  }
}
