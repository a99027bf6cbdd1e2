package io.millrace.kafka.sink;

import io.millrace.spi.data.Row;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;

/**
 * One task's rows, sent from the task's own thread into the sink's producer (under exactly-once,
 * into the batch's open transaction). The writer is its own send callback, so a record costs
 * nothing beyond its {@link ProducerRecord}; it counts the acknowledgements and keeps the first
 * error. {@link #commit()} waits until every send of the task is acknowledged and rethrows that
 * error, naming the topic and partition. The task's thread counts its sends and Kafka's I/O thread
 * its acknowledgements, each in a counter of its own, so that a record costs no write to memory
 * the other thread writes too.
 */
final class KafkaTaskWriter implements TaskWriter, Callback {
  private final KafkaSink sink;
  private final Producer<byte[], byte[]> producer;
  private final SinkRows rows;
  private final int task;
  private final long batchId;
  private final long transaction;
  private final Duration maxWait;

  private final AtomicLong acknowledged = new AtomicLong();
  /** The count of sends commit() waits for; an acknowledgement that reaches it wakes commit(). */
  private volatile long awaited = Long.MAX_VALUE;
  private long records;
  private long bytes;
  private volatile KafkaException firstError;
  private volatile String failedAt;

  KafkaTaskWriter(KafkaSink sink, Producer<byte[], byte[]> producer, SinkRows rows, int task, long batchId,
      long transaction, Duration maxWait) {
    this.sink = sink;
    this.producer = producer;
    this.rows = rows;
    this.task = task;
    this.batchId = batchId;
    this.transaction = transaction;
    this.maxWait = maxWait;
  }

  @Override
  public void write(Row row) throws IOException {
    if (firstError != null) {
      throwIfFailed();
    }
    ProducerRecord<byte[], byte[]> record = rows.record(row, batchId, task, records);
    try {
      producer.send(record, this);
    } catch (KafkaException e) { // thrown instead of calling back: the record was not taken
      throw sink.sendFailed(e, record.topic() + (record.partition() == null ? "" : " partition " + record.partition()),
          batchId, task);
    }
    records++;
    bytes += (record.key() == null ? 0 : record.key().length) + (record.value() == null ? 0 : record.value().length);
  }

  /** Kafka's I/O thread acknowledges one send (or the send's own thread, for an error found before sending). */
  @Override
  public void onCompletion(RecordMetadata metadata, Exception exception) {
    if (exception != null) {
      synchronized (this) {
        if (firstError == null) {
          firstError = exception instanceof KafkaException k ? k : new KafkaException(exception);
          // A record refused before a partition was chosen (too large, say) has partition -1: name the topic alone.
          failedAt = metadata == null ? "an unknown topic"
              : metadata.partition() < 0 ? metadata.topic() : metadata.topic() + " partition " + metadata.partition();
        }
      }
    }
    if (acknowledged.incrementAndGet() >= awaited || exception != null) {
      synchronized (this) {
        notifyAll(); // under the lock commit() checks in, so the wake-up cannot be missed
      }
    }
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    long deadline = System.nanoTime() + maxWait.toNanos();
    awaited = records;
    synchronized (this) {
      try {
        while (acknowledged.get() < records && firstError == null) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            throw new IOException(sink.describe() + ": task " + task + " of batch " + batchId + " still waits for "
                + (records - acknowledged.get()) + " of its " + records + " records to be acknowledged after " + maxWait.toMillis()
                + " ms (kafka.delivery.timeout.ms); is the cluster reachable?");
          }
          wait(Math.max(1, left / 1_000_000));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(sink.describe() + ": interrupted waiting for task " + task + " of batch " + batchId, e);
      }
    }
    throwIfFailed();
    return new KafkaCommitMessage(sink.transactionalId(), sink.run(), transaction, batchId, task, records, bytes);
  }

  private void throwIfFailed() throws IOException {
    KafkaException error;
    String where;
    synchronized (this) { // the error and its place are set together under the lock
      error = firstError;
      where = failedAt;
    }
    if (error != null) {
      throw sink.sendFailed(error, where, batchId, task);
    }
  }

  /** The task's rows must never be published: the batch is doomed, and the sink aborts its transaction. */
  @Override
  public void abort() {
    sink.doom(batchId, transaction, "task " + task + " aborted");
  }
}
