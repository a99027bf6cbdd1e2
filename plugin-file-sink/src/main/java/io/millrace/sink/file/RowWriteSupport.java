package io.millrace.sink.file;

import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/** Hands rows to Parquet's record consumer in the shape {@link ParquetTypes} declares. */
final class RowWriteSupport extends WriteSupport<Row> {
  private final Schema schema;
  private final MessageType message;
  private RecordConsumer consumer;

  RowWriteSupport(Schema schema) {
    this.schema = schema;
    this.message = ParquetTypes.message(schema);
  }

  @Override
  public WriteContext init(Configuration configuration) {
    Map<String, String> meta = new HashMap<>();
    meta.put("writer.model.name", "millrace");
    return new WriteContext(message, meta);
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  @Override
  public void write(Row row) {
    consumer.startMessage();
    writeFields(schema, row);
    consumer.endMessage();
  }

  private void writeFields(Schema fields, Row row) {
    for (int i = 0; i < fields.size(); i++) {
      Object value = row.get(i);
      if (value != null) {
        String name = fields.field(i).name();
        consumer.startField(name, i);
        writeValue(fields.field(i).type(), value);
        consumer.endField(name, i);
      }
    }
  }

  private void writeValue(DataType type, Object value) {
    switch (type.kind()) {
      case BOOLEAN -> consumer.addBoolean((Boolean) value);
      case BYTE -> consumer.addInteger((Byte) value);
      case SHORT -> consumer.addInteger((Short) value);
      case INT, DATE -> consumer.addInteger((Integer) value);
      case LONG, TIMESTAMP, TIMESTAMP_NTZ -> consumer.addLong((Long) value);
      case FLOAT -> consumer.addFloat((Float) value);
      case DOUBLE -> consumer.addDouble((Double) value);
      case STRING -> consumer.addBinary(Binary.fromConstantByteArray(((String) value).getBytes(StandardCharsets.UTF_8)));
      case BINARY -> consumer.addBinary(Binary.fromConstantByteArray((byte[]) value));
      case DECIMAL -> writeDecimal(type, (BigDecimal) value);
      case STRUCT -> {
        consumer.startGroup();
        writeFields(type.fields(), (Row) value);
        consumer.endGroup();
      }
      case ARRAY -> writeList(type, (List<?>) value);
      case MAP -> writeMap(type, (Map<?, ?>) value);
      default -> throw new IllegalStateException("no Parquet value for type " + type);
    }
  }

  private void writeList(DataType type, List<?> values) {
    consumer.startGroup();
    if (!values.isEmpty()) {
      consumer.startField("list", 0);
      for (Object element : values) {
        consumer.startGroup();
        if (element != null) {
          consumer.startField("element", 0);
          writeValue(type.elementType(), element);
          consumer.endField("element", 0);
        }
        consumer.endGroup();
      }
      consumer.endField("list", 0);
    }
    consumer.endGroup();
  }

  private void writeMap(DataType type, Map<?, ?> values) {
    consumer.startGroup();
    if (!values.isEmpty()) {
      consumer.startField("key_value", 0);
      for (Map.Entry<?, ?> e : values.entrySet()) {
        consumer.startGroup();
        consumer.startField("key", 0);
        writeValue(type.keyType(), e.getKey());
        consumer.endField("key", 0);
        if (e.getValue() != null) {
          consumer.startField("value", 1);
          writeValue(type.valueType(), e.getValue());
          consumer.endField("value", 1);
        }
        consumer.endGroup();
      }
      consumer.endField("key_value", 0);
    }
    consumer.endGroup();
  }

  /** The unscaled value at the column's scale: INT32, INT64 or big-endian two's complement padded to the fixed length. */
  private void writeDecimal(DataType type, BigDecimal value) {
    java.math.BigInteger unscaled = value.setScale(type.scale(), java.math.RoundingMode.UNNECESSARY).unscaledValue();
    if (type.precision() <= 9) {
      consumer.addInteger(unscaled.intValueExact());
    } else if (type.precision() <= 18) {
      consumer.addLong(unscaled.longValueExact());
    } else {
      byte[] bytes = unscaled.toByteArray();
      byte[] fixed = new byte[ParquetTypes.bytesFor(type.precision())];
      byte pad = (byte) (unscaled.signum() < 0 ? 0xff : 0);
      int offset = fixed.length - bytes.length;
      for (int i = 0; i < offset; i++) {
        fixed[i] = pad;
      }
      System.arraycopy(bytes, 0, fixed, offset, bytes.length);
      consumer.addBinary(Binary.fromConstantByteArray(fixed));
    }
  }
}
