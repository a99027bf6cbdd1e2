package io.millrace.kafka.sink;

import io.millrace.spi.MillraceException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Turns the rows of the query's output into Kafka records, by Spark's input columns: {@code value}
 * (STRING or BINARY, required), {@code key} (STRING or BINARY), {@code topic} (STRING),
 * {@code partition} (INT) and {@code headers} (ARRAY&lt;STRUCT&lt;key STRING, value BINARY&gt;&gt;).
 * Names match case-insensitively, as in Spark; other columns are ignored, as in Spark. The
 * schema is checked once, at create, so a bad column fails the query before any batch.
 */
final class SinkRows {
  static final String TOPIC = "topic";
  static final String KEY = "key";
  static final String VALUE = "value";
  static final String PARTITION = "partition";
  static final String HEADERS = "headers";
  static final DataType HEADERS_TYPE = DataType.parse("ARRAY<STRUCT<key STRING, value BINARY>>");

  private final String owner;
  private final Optional<String> topicOption;
  private final int topic;
  private final int key;
  private final boolean keyIsString;
  private final int value;
  private final boolean valueIsString;
  private final int partition;
  private final int headers;

  private SinkRows(String owner, Schema schema, Optional<String> topicOption) {
    this.owner = owner;
    this.topicOption = topicOption;
    this.topic = column(schema, TOPIC, "STRING", t -> t.kind() == DataType.Kind.STRING);
    this.key = column(schema, KEY, "STRING or BINARY", SinkRows::textOrBytes);
    this.value = column(schema, VALUE, "STRING or BINARY", SinkRows::textOrBytes);
    this.partition = column(schema, PARTITION, "INT", t -> t.kind() == DataType.Kind.INT);
    this.headers = column(schema, HEADERS, HEADERS_TYPE.toString(), SinkRows::isHeaders);
    if (value < 0) {
      throw new MillraceException(owner + " needs a 'value' column (STRING or BINARY) in the query's output; it has "
          + String.join(", ", schema.names()) + ". Select one, for example to_json(struct(*)) AS value");
    }
    this.keyIsString = key >= 0 && schema.field(key).type().kind() == DataType.Kind.STRING;
    this.valueIsString = schema.field(value).type().kind() == DataType.Kind.STRING;
  }

  /** The mapping for rows of {@code schema}; fails naming the column whose type Kafka cannot take. */
  static SinkRows of(String owner, Schema schema, Optional<String> topicOption) {
    return new SinkRows(owner, schema, topicOption);
  }

  /** Whether the rows carry their own topic. */
  static boolean hasTopicColumn(Schema schema) {
    return find(schema, TOPIC) >= 0;
  }

  /**
   * The record for {@code row}, the {@code index}-th (0-based) of task {@code task} of batch
   * {@code batchId}, which error messages name.
   */
  ProducerRecord<byte[], byte[]> record(Row row, long batchId, int task, long index) {
    String target = topicOption.orElse(null);
    if (target == null) {
      target = row.getString(topic);
      if (target == null) {
        throw new MillraceException(owner + ": row " + index + " of task " + task + " of batch " + batchId + " has a null"
            + " 'topic' and there is no option 'topic' to fall back on: " + row);
      }
    }
    Integer p = partition < 0 ? null : (Integer) row.get(partition);
    byte[] k = key < 0 ? null : bytes(row.get(key), keyIsString);
    byte[] v = bytes(row.get(value), valueIsString);
    if (headers < 0 || row.isNullAt(headers)) {
      return new ProducerRecord<>(target, p, k, v);
    }
    RecordHeaders h = new RecordHeaders();
    for (Row header : row.<Row>getList(headers)) {
      if (header == null || header.isNullAt(0)) {
        throw new MillraceException(owner + ": row " + index + " of task " + task + " of batch " + batchId + " has a"
            + " header with a null key (Kafka needs one): " + row);
      }
      h.add(header.getString(0), header.getBinary(1));
    }
    return new ProducerRecord<>(target, p, null, k, v, h);
  }

  private static byte[] bytes(Object value, boolean isString) {
    if (value == null) {
      return null;
    }
    return isString ? ((String) value).getBytes(StandardCharsets.UTF_8) : (byte[]) value;
  }

  private int column(Schema schema, String name, String expected, java.util.function.Predicate<DataType> fits) {
    int i = find(schema, name);
    if (i >= 0 && !fits.test(schema.field(i).type())) {
      Field f = schema.field(i);
      throw new MillraceException(owner + ": column '" + f.name() + "' has type " + f.type() + "; Kafka's '" + name
          + "' must be " + expected + " (cast it, or rename the column if it is not meant for Kafka)");
    }
    return i;
  }

  private static int find(Schema schema, String name) {
    List<String> names = schema.names();
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).toLowerCase(Locale.ROOT).equals(name)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean textOrBytes(DataType t) {
    return t.kind() == DataType.Kind.STRING || t.kind() == DataType.Kind.BINARY;
  }

  private static boolean isHeaders(DataType t) {
    if (t.kind() != DataType.Kind.ARRAY || t.elementType().kind() != DataType.Kind.STRUCT) {
      return false;
    }
    Schema f = t.elementType().fields();
    return f.size() == 2 && f.field(0).type().kind() == DataType.Kind.STRING
        && f.field(1).type().kind() == DataType.Kind.BINARY;
  }
}
