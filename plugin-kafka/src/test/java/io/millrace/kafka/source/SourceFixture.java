package io.millrace.kafka.source;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.InputPartition;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.PartitionReader;
import io.millrace.spi.source.Source;
import io.millrace.tck.TckContext;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Sources on the shared broker for one test, with a metadata path of their own, and a producer of strings. */
final class SourceFixture implements AutoCloseable {
  private final URI metadataPath;
  private final List<Source> sources = new ArrayList<>();
  private KafkaProducer<String, String> producer;

  SourceFixture() throws IOException {
    metadataPath = Files.createTempDirectory("kafka-source-test").toUri();
  }

  static Map<String, String> options(String... keyValues) {
    Map<String, String> map = new HashMap<>();
    map.put("kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers());
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return map;
  }

  Source open(Map<String, String> options) {
    return open(options, System::currentTimeMillis);
  }

  Source open(Map<String, String> options, LongSupplier clock) {
    Source source = new KafkaSourceProvider(clock).create(TckContext.source("kafka", options, "q-test", Optional.empty(),
        metadataPath));
    sources.add(source);
    return source;
  }

  void send(String topic, int partition, String value) {
    send(new ProducerRecord<>(topic, partition, null, value));
  }

  void send(ProducerRecord<String, String> record) {
    if (producer == null) {
      Map<String, Object> p = new HashMap<>();
      p.put("bootstrap.servers", EmbeddedKafka.bootstrapServers());
      p.put("key.serializer", StringSerializer.class.getName());
      p.put("value.serializer", StringSerializer.class.getName());
      producer = new KafkaProducer<>(p);
    }
    try {
      producer.send(record).get();
    } catch (Exception e) {
      throw new IllegalStateException("cannot send to " + record.topic(), e);
    }
  }

  static List<Row> read(Source source, Offset start, Offset end) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (InputPartition partition : source.planInputPartitions(start, end)) {
      try (PartitionReader reader = source.createReader(partition)) {
        while (reader.next()) {
          rows.add(reader.get());
        }
      }
    }
    return rows;
  }

  /** The {@code value} column (index 1 of the full schema) of each row, as text. */
  static List<String> values(List<Row> rows) {
    return rows.stream().map(r -> new String(r.getBinary(1), StandardCharsets.UTF_8)).toList();
  }

  @Override
  public void close() throws IOException {
    for (Source s : sources) {
      s.close();
    }
    if (producer != null) {
      producer.close();
    }
  }
}
