package io.millrace.kafka.source;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Spark's row of a Kafka record, {@code key BINARY, value BINARY, topic STRING, partition INT,
 * offset LONG, timestamp TIMESTAMP, timestampType INT} and, with {@code includeHeaders},
 * {@code headers ARRAY<STRUCT<key STRING, value BINARY>>}, limited to the columns the query
 * uses. The record's arrays are handed on as they are: the consumer allocated them for this
 * record alone.
 */
final class KafkaRows {
  static final DataType HEADERS = DataType.array(DataType.struct(Schema.of(
      Field.of("key", DataType.STRING), Field.of("value", DataType.BINARY))));
  private static final int KEY = 0;
  private static final int VALUE = 1;
  private static final int TOPIC = 2;
  private static final int PARTITION = 3;
  private static final int OFFSET = 4;
  private static final int TIMESTAMP = 5;
  private static final int TIMESTAMP_TYPE = 6;
  private static final int HEADER_LIST = 7;

  /** The full schema. */
  static Schema schema(boolean includeHeaders) {
    List<Field> fields = new ArrayList<>(List.of(Field.of("key", DataType.BINARY), Field.of("value", DataType.BINARY),
        Field.of("topic", DataType.STRING), Field.of("partition", DataType.INT), Field.of("offset", DataType.LONG),
        Field.of("timestamp", DataType.TIMESTAMP), Field.of("timestampType", DataType.INT)));
    if (includeHeaders) {
      fields.add(Field.of("headers", HEADERS));
    }
    return Schema.of(fields);
  }

  /** For each output column, which of the full schema's it is. */
  private final int[] columns;

  KafkaRows(Schema full, Schema wanted) {
    columns = new int[wanted.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = full.indexOf(wanted.field(i).name());
      if (columns[i] < 0) {
        throw new IllegalArgumentException("Kafka source: column '" + wanted.field(i).name() + "' is not one of "
            + full.names());
      }
    }
  }

  Row toRow(ConsumerRecord<byte[], byte[]> record) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = switch (columns[i]) {
        case KEY -> record.key();
        case VALUE -> record.value();
        case TOPIC -> record.topic();
        case PARTITION -> record.partition();
        case OFFSET -> record.offset();
        case TIMESTAMP -> record.timestamp() * 1_000L; // ms to the TIMESTAMP type's microseconds
        case TIMESTAMP_TYPE -> record.timestampType().id;
        case HEADER_LIST -> headers(record.headers());
        default -> throw new IllegalStateException("column " + columns[i]);
      };
    }
    return Row.wrap(values);
  }

  private static List<Row> headers(Headers headers) {
    List<Row> list = new ArrayList<>();
    for (Header h : headers) {
      list.add(Row.of(h.key(), h.value()));
    }
    return list;
  }
}
