package io.millrace.kafka.source;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.SourceProvider;
import io.millrace.tck.source.SourceKit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The TCK kit: a fresh topic of {@value #PARTITIONS} partitions per rule on the shared broker,
 * plain idempotent appends spread round-robin, read from the earliest offset. A row comes back
 * as the source reads it: the broker assigns its offset, and its timestamp is the producer's.
 */
final class KafkaSourceKit implements SourceKit {
  static final int PARTITIONS = 3;

  private final String topic = EmbeddedKafka.newTopic("tck-source", PARTITIONS);
  private final Map<String, String> extra;
  private KafkaProducer<byte[], byte[]> producer;
  private long sequence;

  KafkaSourceKit() {
    this(Map.of());
  }

  KafkaSourceKit(Map<String, String> extra) {
    this.extra = extra;
  }

  String topic() {
    return topic;
  }

  @Override
  public SourceProvider provider() {
    return new KafkaSourceProvider();
  }

  @Override
  public Map<String, String> options() {
    Map<String, String> options = new HashMap<>();
    options.put("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers());
    options.put("subscribe", topic);
    options.put("startingOffsets", "earliest");
    options.putAll(extra);
    return options;
  }

  @Override
  public List<Row> append(int count) {
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    List<byte[][]> bodies = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long n = sequence++;
      byte[] key = ("k" + n).getBytes(StandardCharsets.UTF_8);
      byte[] value = ("{\"n\":" + n + "}").getBytes(StandardCharsets.UTF_8);
      bodies.add(new byte[][] {key, value});
      sent.add(producer().send(new ProducerRecord<>(topic, (int) (n % PARTITIONS), key, value)));
    }
    List<Row> rows = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        RecordMetadata m = sent.get(i).get();
        rows.add(Row.of(bodies.get(i)[0], bodies.get(i)[1], topic, m.partition(), m.offset(), m.timestamp() * 1_000L, 0));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot append to " + topic, e.getCause());
    }
    return rows;
  }

  private KafkaProducer<byte[], byte[]> producer() {
    if (producer == null) {
      Map<String, Object> p = new HashMap<>();
      p.put("bootstrap.servers", EmbeddedKafka.bootstrapServers());
      p.put("key.serializer", ByteArraySerializer.class.getName());
      p.put("value.serializer", ByteArraySerializer.class.getName());
      p.put("enable.idempotence", "true");
      p.put("acks", "all");
      p.put("linger.ms", "0");
      producer = new KafkaProducer<>(p);
    }
    return producer;
  }

  @Override
  public void close() {
    if (producer != null) {
      producer.close();
    }
  }
}
