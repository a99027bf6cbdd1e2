package io.millrace.kafka.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The pool hands the records a reader polled past its range's end to the reader of the next
 * range, on the same consumer and without a seek: a partition's data is fetched and decoded once.
 */
class ConsumerPoolTest {
  private static final TopicPartition T0 = new TopicPartition("t", 0);
  private static final TopicPartition T1 = new TopicPartition("t", 1);

  private final List<MockConsumer<byte[], byte[]>> created = new ArrayList<>();
  /** Each new consumer's first poll returns offsets 0..9 of t-0, and no poll ever returns more. */
  private final ConsumerPool pool = new ConsumerPool(() -> {
    MockConsumer<byte[], byte[]> c = new MockConsumer<>("earliest");
    c.updateBeginningOffsets(Map.of(T0, 0L, T1, 0L));
    c.schedulePollTask(() -> {
      for (long o = 0; o < 10; o++) {
        c.addRecord(new ConsumerRecord<>("t", 0, o, null, new byte[] {(byte) o}));
      }
    });
    created.add(c);
    return c;
  });
  private final KafkaRows rows = new KafkaRows(KafkaRows.schema(false), KafkaRows.schema(false));

  @Test
  void theNextRangeOfAPartitionReadsWhatThePreviousReaderPolledPastItsEnd() {
    // The first reader's one poll returns offsets 0..9; its range ends at 4.
    KafkaPartitionReader first = reader(0, 4);
    assertThat(offsets(first)).containsExactly(0L, 1L, 2L, 3L);
    first.close();

    // No poll returns anything more: the second range can only come from what the first one held.
    KafkaPartitionReader second = reader(4, 10);
    assertThat(offsets(second)).containsExactly(4L, 5L, 6L, 7L, 8L, 9L);
    second.close();
    assertThat(created).hasSize(1);
  }

  @Test
  void aRangeThatDoesNotContinueTheLastOneSeeksAndDropsWhatWasHeld() {
    KafkaPartitionReader first = reader(0, 4);
    assertThat(offsets(first)).containsExactly(0L, 1L, 2L, 3L);
    first.close();

    ConsumerPool.Lease lease = pool.borrow(T0, 2); // a replay from offset 2: the same consumer, sought back
    assertThat(lease.consumer).isSameAs(created.get(0));
    assertThat(lease.held().hasNext()).isFalse();
    assertThat(lease.consumer.position(T0)).isEqualTo(2L);
  }

  @Test
  void anotherPartitionGetsAConsumerOfItsOwnWhileThePoolHasRoom() {
    ConsumerPool.Lease a = pool.borrow(T0, 0);
    pool.giveBack(a, true);
    ConsumerPool.Lease b = pool.borrow(T1, 0);
    assertThat(b.consumer).isNotSameAs(a.consumer);
    assertThat(b.partition()).isEqualTo(T1);
    pool.giveBack(b, true);
    assertThat(pool.borrow(T0, 0).consumer).isSameAs(a.consumer);
  }

  @Test
  void pastCapacityTheLongestIdleConsumerIsClosed() {
    List<ConsumerPool.Lease> leases = new ArrayList<>();
    for (int p = 0; p <= ConsumerPool.CAPACITY; p++) {
      leases.add(pool.borrow(new TopicPartition("many", p), 0));
    }
    leases.forEach(l -> pool.giveBack(l, true));
    assertThat(created.get(0).closed()).isTrue(); // given back first, idle longest
    assertThat(created.subList(1, created.size())).noneMatch(MockConsumer::closed);
  }

  @Test
  void aConsumerGivenBackByAFailedReaderIsClosedNotKept() {
    ConsumerPool.Lease a = pool.borrow(T0, 0);
    pool.giveBack(a, false);
    assertThat(created.get(0).closed()).isTrue();
    assertThat(pool.borrow(T0, 0).consumer).isNotSameAs(a.consumer);
  }

  private KafkaPartitionReader reader(long from, long until) {
    return new KafkaPartitionReader(new KafkaInputPartition("t", 0, from, until), pool, rows, new DataLoss(true), 2_000);
  }

  private static List<Long> offsets(KafkaPartitionReader reader) {
    List<Long> out = new ArrayList<>();
    while (reader.next()) {
      Row row = reader.get();
      out.add(row.getLong(4));
    }
    return out;
  }
}
