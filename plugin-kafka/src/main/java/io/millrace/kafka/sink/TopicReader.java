package io.millrace.kafka.sink;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads what a topic durably holds as a read_committed reader sees it: every partition from the
 * beginning to its end offset, which for such a reader is the last stable offset (an open
 * transaction holds it back), as rows of the sink's input schema. Columns Kafka does not keep
 * come back null.
 */
final class TopicReader {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private TopicReader() {}

  static List<Row> read(Map<String, Object> clientConfig, String topic, Schema schema, int maxRows) throws IOException {
    Map<String, Object> c = new LinkedHashMap<>(clientConfig);
    c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    c.remove(ConsumerConfig.GROUP_ID_CONFIG);
    List<Row> rows = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c)) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (PartitionInfo p : consumer.partitionsFor(topic, TIMEOUT)) {
        partitions.add(new TopicPartition(topic, p.partition()));
      }
      if (partitions.isEmpty()) {
        return rows;
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
      long deadline = System.nanoTime() + TIMEOUT.toNanos();
      while (rows.size() < maxRows && !reached(consumer, end)) {
        if (System.nanoTime() > deadline) {
          throw new IOException("reading topic " + topic + " back: the end offsets " + end + " were not reached within "
              + TIMEOUT.toSeconds() + " s");
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition())) && rows.size() < maxRows) {
            rows.add(row(r, schema));
          }
        }
      }
    } catch (KafkaException e) {
      throw new IOException("cannot read topic " + topic + " back: " + e.getMessage(), e);
    }
    return rows;
  }

  private static boolean reached(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
    for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
      if (consumer.position(e.getKey(), TIMEOUT) < e.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** The record as a row of {@code schema}: Spark's sink columns filled in, any other column null. */
  static Row row(ConsumerRecord<byte[], byte[]> r, Schema schema) {
    Object[] values = new Object[schema.size()];
    for (int i = 0; i < schema.size(); i++) {
      Field f = schema.field(i);
      boolean text = f.type().kind() == DataType.Kind.STRING;
      values[i] = switch (f.name().toLowerCase(Locale.ROOT)) {
        case SinkRows.TOPIC -> r.topic();
        case SinkRows.PARTITION -> r.partition();
        case SinkRows.KEY -> value(r.key(), text);
        case SinkRows.VALUE -> value(r.value(), text);
        case SinkRows.HEADERS -> headers(r);
        default -> null;
      };
    }
    return Row.wrap(values);
  }

  private static Object value(byte[] bytes, boolean text) {
    return bytes == null || !text ? bytes : new String(bytes, StandardCharsets.UTF_8);
  }

  private static List<Row> headers(ConsumerRecord<?, ?> r) {
    List<Row> out = new ArrayList<>();
    for (Header h : r.headers()) {
      out.add(Row.of(h.key(), h.value()));
    }
    return out;
  }
}
