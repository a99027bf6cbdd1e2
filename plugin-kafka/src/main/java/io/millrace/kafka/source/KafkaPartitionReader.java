package io.millrace.kafka.source;

import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.source.PartitionReader;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads offsets {@code [from, until)} of one partition with a pooled consumer. The range ends by
 * the consumer's position, not by a count of records: under read_committed, transaction markers
 * and aborted records occupy offsets no record is returned for, and a compacted topic has gaps.
 * A gap at {@code from} below the log's start, or a start that aged out while reading, is data
 * loss; any other gap is one of those.
 */
final class KafkaPartitionReader implements PartitionReader {
  private final KafkaInputPartition range;
  private final TopicPartition tp;
  private final ConsumerPool pool;
  private final KafkaRows rows;
  private final DataLoss dataLoss;
  private final long pollTimeoutMs;
  private ConsumerPool.Lease lease;
  private Consumer<byte[], byte[]> consumer;
  private Iterator<ConsumerRecord<byte[], byte[]>> fetched = List.<ConsumerRecord<byte[], byte[]>>of().iterator();
  private long expected;
  private boolean done;
  private boolean failed;
  private Row current;

  KafkaPartitionReader(KafkaInputPartition range, ConsumerPool pool, KafkaRows rows, DataLoss dataLoss,
      long pollTimeoutMs) {
    this.range = range;
    this.tp = new TopicPartition(range.topic(), range.partition());
    this.pool = pool;
    this.rows = rows;
    this.dataLoss = dataLoss;
    this.pollTimeoutMs = pollTimeoutMs;
    this.expected = range.from();
    this.done = range.from() >= range.until();
  }

  @Override
  public boolean next() {
    try {
      while (!done) {
        if (fetched.hasNext()) {
          ConsumerRecord<byte[], byte[]> record = fetched.next();
          long offset = record.offset();
          if (offset >= range.until()) {
            done = true;
            lease.stoppedAt(range.until(), record, fetched); // the partition's next range starts here
            break;
          }
          if (offset > expected && expected == range.from()) {
            checkStart(offset);
          }
          expected = offset + 1;
          current = rows.toRow(record);
          return true;
        }
        fetch();
      }
      return false;
    } catch (RuntimeException e) {
      failed = true;
      throw e;
    }
  }

  @Override
  public Row get() {
    return current;
  }

  /** Polls until records of the range come or the position passes its end, within {@code kafkaConsumer.pollTimeoutMs}. */
  private void fetch() {
    if (consumer == null) {
      lease = pool.borrow(tp, range.from());
      consumer = lease.consumer;
      fetched = lease.held();
      if (fetched.hasNext()) {
        return;
      }
    }
    long deadline = System.nanoTime() + pollTimeoutMs * 1_000_000L;
    while (true) {
      if (consumer.position(tp) >= range.until()) {
        done = true;
        lease.stoppedAt(range.until(), null, fetched);
        return;
      }
      long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
      try {
        List<ConsumerRecord<byte[], byte[]>> records = consumer.poll(Duration.ofMillis(left)).records(tp);
        if (!records.isEmpty()) {
          fetched = records.iterator();
          return;
        }
      } catch (OffsetOutOfRangeException e) {
        skipToLogStart();
        continue;
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new MillraceException("Kafka source: topic " + tp.topic() + " partition " + tp.partition() + ": no"
            + " record of offsets [" + consumer.position(tp) + ", " + range.until() + ") came within "
            + pollTimeoutMs + " ms (kafkaConsumer.pollTimeoutMs); is the broker reachable?");
      }
    }
  }

  /** The first record came after {@code from}: data loss if {@code from} lies below the log's start now. */
  private void checkStart(long firstOffset) {
    long logStart = consumer.beginningOffsets(Set.of(tp)).get(tp);
    if (range.from() < logStart) {
      dataLoss.report(tp.topic(), tp.partition(), range.from(), Math.min(logStart, firstOffset),
          "the log starts at " + logStart);
    }
  }

  /** The position aged out of the log: report it, then go on from the log's start if that is still in range. */
  private void skipToLogStart() {
    long logStart = consumer.beginningOffsets(Set.of(tp)).get(tp);
    long position = consumer.position(tp);
    if (logStart <= position) {
      throw new MillraceException("Kafka source: topic " + tp.topic() + " partition " + tp.partition() + ": offset "
          + position + " is out of range although the log starts at " + logStart + "; was the topic recreated?");
    }
    long resume = Math.min(logStart, range.until());
    dataLoss.report(tp.topic(), tp.partition(), position, resume, "the log starts at " + logStart);
    expected = resume;
    consumer.seek(tp, resume);
  }

  @Override
  public void close() {
    if (consumer != null) {
      pool.giveBack(lease, !failed);
      consumer = null;
      lease = null;
    }
  }
}
