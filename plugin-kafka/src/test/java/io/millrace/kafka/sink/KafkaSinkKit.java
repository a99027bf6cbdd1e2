package io.millrace.kafka.sink;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.SinkProvider;
import io.millrace.tck.sink.SinkKit;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A fresh three-partition topic per TCK rule on the shared broker. The rows have a STRING key, a
 * BINARY value and an explicit partition, so the rules also check that each reaches Kafka. No
 * headers: K10 carries rows to a child JVM through the TCK's PlainRows, which cannot carry an
 * ARRAY of STRUCTs (SinkRowsTest covers headers). Read back by
 * {@link CommittedRecords}, a plain read_committed consumer independent of the sink's own code.
 */
final class KafkaSinkKit implements SinkKit {
  static final Schema SCHEMA = Schema.parse("key STRING, value BINARY, partition INT");
  static final int PARTITIONS = 3;

  private final String topic = EmbeddedKafka.newTopic("sink-tck", PARTITIONS);
  private long sequence;

  String topic() {
    return topic;
  }

  @Override
  public SinkProvider provider() {
    return new KafkaSinkProvider();
  }

  @Override
  public Map<String, String> options() {
    return Map.of("topic", topic, "kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers());
  }

  @Override
  public Schema schema() {
    return SCHEMA;
  }

  @Override
  public List<Row> rows(int count, Random random) {
    return rows(count, random, sequence += count);
  }

  /** {@code count} rows whose keys end before {@code next}: row i carries sequence next - count + i. */
  static List<Row> rows(int count, Random random, long next) {
    List<Row> rows = new ArrayList<>();
    for (long seq = next - count; seq < next; seq++) {
      byte[] value = ByteBuffer.allocate(12).putLong(seq).putInt(random.nextInt()).array();
      rows.add(Row.of("k" + seq, value, random.nextInt(PARTITIONS)));
    }
    return rows;
  }

  @Override
  public List<Row> readBack() {
    return CommittedRecords.of(topic).stream()
        .map(r -> Row.of(r.key() == null ? null : new String(r.key()), r.value(), r.partition())).toList();
  }
}
