package io.millrace.it;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A crash in the middle of a task's rows: a producer interceptor (the sink passes
 * {@code kafka.interceptor.classes} to its producer) that halts the JVM when the sink sends the
 * event whose id is the system property {@code it.poisonId}, while the batch's tasks are sending
 * and its transaction is open. The engine has no fault point inside a task.
 */
public final class KafkaHaltingInterceptor implements ProducerInterceptor<byte[], byte[]> {
  private final String poison = "{\"id\":" + Long.getLong("it.poisonId", -1) + ",";

  @Override
  public ProducerRecord<byte[], byte[]> onSend(ProducerRecord<byte[], byte[]> record) {
    if (record.value() != null && new String(record.value(), StandardCharsets.UTF_8).startsWith(poison)) {
      Runtime.getRuntime().halt(137);
    }
    return record;
  }

  @Override
  public void onAcknowledgement(RecordMetadata metadata, Exception exception) {}

  @Override
  public void close() {}

  @Override
  public void configure(Map<String, ?> configs) {}
}
