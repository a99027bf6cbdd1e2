package io.millrace.kafka.source;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Consumers kept between batches: creating one costs a metadata round trip and its buffers, and
 * a micro-batch opens a reader per partition every trigger. A consumer is used by one reader at a
 * time (it is not thread-safe); readers borrow and give back, and {@link #close} closes them all,
 * including any given back after it.
 */
final class ConsumerPool implements AutoCloseable {
  private final Map<String, Object> properties;
  private final Deque<Consumer<byte[], byte[]>> idle = new ArrayDeque<>();
  private boolean closed;

  ConsumerPool(Map<String, Object> properties) {
    this.properties = properties;
  }

  synchronized Consumer<byte[], byte[]> borrow() {
    if (closed) {
      throw new IllegalStateException("Kafka source is closed");
    }
    Consumer<byte[], byte[]> consumer = idle.poll();
    return consumer != null ? consumer : new KafkaConsumer<>(properties);
  }

  /** Returns a consumer for reuse, or closes it if the reader failed with it (its state is unknown). */
  synchronized void giveBack(Consumer<byte[], byte[]> consumer, boolean reusable) {
    if (closed || !reusable) {
      consumer.close();
      return;
    }
    consumer.assign(List.of());
    idle.push(consumer);
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (Consumer<byte[], byte[]> consumer : idle) {
      consumer.close();
    }
    idle.clear();
  }
}
