package io.millrace.kafka.source;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Consumers kept between batches, each staying on the partition it last read, as Spark's
 * consumer cache keys its consumers by partition. A micro-batch reads a partition's offsets in
 * consecutive ranges, and a reader's last poll returns records past its range's end while the
 * consumer has fetched further still: a consumer given back with those records, and borrowed for
 * the range that starts where the last one ended, hands them on without a seek, so nothing is
 * fetched or decoded twice. A consumer is used by one reader at a time (it is not thread-safe);
 * {@link #close} closes them all, including any given back after it.
 */
final class ConsumerPool implements AutoCloseable {
  /**
   * Idle consumers kept at most. Spark keeps 64 ({@code spark.kafka.consumer.cache.capacity}), but
   * an idle consumer here holds up to one fetch of its partition, and this source fetches 8 MB a
   * partition (Kafka's default is 1 MB): 16 bound that memory to about 128 MB.
   */
  static final int CAPACITY = 16;

  private final Supplier<Consumer<byte[], byte[]>> factory;
  private final Deque<Lease> idle = new ArrayDeque<>(); // most recently given back first
  private boolean closed;

  ConsumerPool(Map<String, Object> properties) {
    this(() -> new KafkaConsumer<>(properties));
  }

  ConsumerPool(Supplier<Consumer<byte[], byte[]>> factory) {
    this.factory = factory;
  }

  /**
   * A consumer assigned to {@code tp} alone whose next records start at offset {@code from}: the
   * one that stopped exactly there if it is idle, else one that read {@code tp} before, else a new
   * one while fewer than {@link #CAPACITY} are idle, else the one idle longest.
   */
  synchronized Lease borrow(TopicPartition tp, long from) {
    if (closed) {
      throw new IllegalStateException("Kafka source is closed");
    }
    Lease lease = take(l -> l.tp.equals(tp) && l.continuesAt == from);
    if (lease != null) {
      return lease;
    }
    lease = take(l -> l.tp.equals(tp));
    if (lease == null && idle.size() >= CAPACITY) {
      lease = idle.pollLast();
    }
    if (lease == null) {
      lease = new Lease(factory.get());
    }
    lease.moveTo(tp, from);
    return lease;
  }

  /** Returns a consumer for reuse, or closes it if the reader failed with it (its state is unknown). */
  synchronized void giveBack(Lease lease, boolean reusable) {
    if (closed || !reusable) {
      lease.consumer.close();
      return;
    }
    idle.push(lease);
    while (idle.size() > CAPACITY) {
      idle.pollLast().consumer.close();
    }
  }

  private Lease take(Predicate<Lease> which) {
    for (Iterator<Lease> it = idle.iterator(); it.hasNext(); ) {
      Lease l = it.next();
      if (which.test(l)) {
        it.remove();
        return l;
      }
    }
    return null;
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (Lease lease : idle) {
      lease.consumer.close();
    }
    idle.clear();
  }

  /**
   * A pooled consumer, the partition it is assigned to, and what a reader that stopped at the
   * end of its range left: the offset it stopped at and the records already polled from there.
   */
  static final class Lease {
    final Consumer<byte[], byte[]> consumer;
    private TopicPartition tp;
    private long continuesAt = -1;
    private Iterator<ConsumerRecord<byte[], byte[]>> held = Collections.emptyIterator();

    private Lease(Consumer<byte[], byte[]> consumer) {
      this.consumer = consumer;
    }

    TopicPartition partition() {
      return tp;
    }

    /** Records already polled from where this lease's range starts, to be read before polling again. */
    Iterator<ConsumerRecord<byte[], byte[]>> held() {
      Iterator<ConsumerRecord<byte[], byte[]>> h = held;
      held = Collections.emptyIterator();
      return h;
    }

    /**
     * The reader read its range to the end, {@code until}: the next range of the partition starts
     * there, with {@code first} (if any) and {@code rest} already polled.
     */
    void stoppedAt(long until, ConsumerRecord<byte[], byte[]> first, Iterator<ConsumerRecord<byte[], byte[]>> rest) {
      continuesAt = until;
      held = first == null ? rest : new Prepended(first, rest);
    }

    private void moveTo(TopicPartition partition, long from) {
      if (!partition.equals(tp)) {
        consumer.assign(List.of(partition));
        tp = partition;
      }
      consumer.seek(partition, from);
      continuesAt = -1;
      held = Collections.emptyIterator();
    }
  }

  /** One record, then the rest. */
  private static final class Prepended implements Iterator<ConsumerRecord<byte[], byte[]>> {
    private ConsumerRecord<byte[], byte[]> first;
    private final Iterator<ConsumerRecord<byte[], byte[]>> rest;

    Prepended(ConsumerRecord<byte[], byte[]> first, Iterator<ConsumerRecord<byte[], byte[]>> rest) {
      this.first = first;
      this.rest = rest;
    }

    @Override
    public boolean hasNext() {
      return first != null || rest.hasNext();
    }

    @Override
    public ConsumerRecord<byte[], byte[]> next() {
      if (first == null) {
        return rest.next();
      }
      ConsumerRecord<byte[], byte[]> r = first;
      first = null;
      return r;
    }
  }
}
