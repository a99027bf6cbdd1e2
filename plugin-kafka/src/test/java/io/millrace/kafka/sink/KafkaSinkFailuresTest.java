package io.millrace.kafka.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * How the exactly-once sink classifies Kafka's failures, on MockProducer (no broker): an unknown
 * commit outcome is left to recovery and never aborted, a record too large aborts the batch with
 * an error naming topic and limit, a fenced producer fails naming the transactional id, a replay
 * of a committed batch creates no producer at all, and close() aborts an open transaction.
 */
class KafkaSinkFailuresTest {
  private static final Schema SCHEMA = Schema.parse("key STRING, value STRING");

  private final List<MockProducer<byte[], byte[]>> producers = new ArrayList<>();
  private final AtomicInteger markerReads = new AtomicInteger();
  private long marker = -1;
  private int commitTimeouts;

  private KafkaSink sink(Map<String, String> extra) {
    Map<String, String> o = new HashMap<>(Map.of("topic", "out", "kafka.bootstrap.servers", "nowhere:9092"));
    o.putAll(extra);
    KafkaSinkOptions options = KafkaSinkOptions.read(Options.of("sink 'kafka'", o), false);
    return new KafkaSink(options, SinkRows.of("sink 'kafka'", SCHEMA, options.topic()), "q1", FaultInjector.NONE,
        config -> {
          MockProducer<byte[], byte[]> p = new MockProducer<>(true, null, new ByteArraySerializer(),
              new ByteArraySerializer()) {
            @Override
            public void commitTransaction() {
              if (commitTimeouts > 0) {
                commitTimeouts--;
                throw new TimeoutException("Timeout expired after 60000ms while awaiting EndTxn(COMMIT)");
              }
              super.commitTransaction();
            }
          };
          producers.add(p);
          return p;
        },
        m -> timeout -> {
          markerReads.incrementAndGet();
          return marker;
        });
  }

  private static WriterCommitMessage task(KafkaSink sink, long batch, int task, String... values) throws IOException {
    TaskWriter w = sink.createWriter(task, batch);
    for (String v : values) {
      w.write(Row.of("k", v));
    }
    WriterCommitMessage m = w.commit();
    w.close();
    return m;
  }

  @Test
  void aCommitThatTimesOutTwiceHasAnUnknownOutcomeThatRecoveryNotAbortSettles() throws Exception {
    KafkaSink sink = sink(Map.of());
    WriterCommitMessage m = task(sink, 0, 0, "a", "b");
    commitTimeouts = 2;
    assertThatThrownBy(() -> sink.commit(0, List.of(m))).isInstanceOf(IOException.class)
        .hasMessageContaining("outcome of the commit of batch 0 is unknown");
    sink.abort(0, List.of(m));
    MockProducer<byte[], byte[]> first = producers.get(0);
    assertThat(first.transactionAborted()).as("an unknown outcome is never aborted").isFalse();
    assertThat(first.closed()).isTrue();

    marker = 0; // the coordinator had committed it: the marker, read again, says so
    int readsBefore = markerReads.get();
    sink.commit(0, List.of(task(sink, 0, 0, "a", "b")));
    assertThat(markerReads.get()).as("the marker is read again after an unknown outcome").isGreaterThan(readsBefore);
    assertThat(producers).as("the replay of committed batch 0 needs no producer").hasSize(1);
    assertThat(sink.metrics()).containsEntry("numSkippedBatches", "1").containsEntry("lastCommittedBatch", "0");
  }

  @Test
  void aCommitOfUnknownOutcomeThatDidNotHappenIsWrittenAgainByANewProducer() throws Exception {
    KafkaSink sink = sink(Map.of());
    WriterCommitMessage m = task(sink, 0, 0, "a", "b");
    commitTimeouts = 2;
    assertThatThrownBy(() -> sink.commit(0, List.of(m))).hasMessageContaining("unknown");
    sink.commit(0, List.of(task(sink, 0, 0, "a", "b")));
    assertThat(producers).as("a new producer fenced the old one").hasSize(2);
    assertThat(producers.get(1).transactionInitialized()).isTrue();
    assertThat(producers.get(1).transactionCommitted()).isTrue();
    assertThat(producers.get(1).history()).hasSize(2);
  }

  @Test
  void aCommitThatTimesOutOnceIsRetried() throws Exception {
    KafkaSink sink = sink(Map.of());
    WriterCommitMessage m = task(sink, 0, 0, "a");
    commitTimeouts = 1;
    sink.commit(0, List.of(m));
    assertThat(producers.get(0).transactionCommitted()).isTrue();
    assertThat(sink.metrics()).containsEntry("lastCommittedBatch", "0").containsEntry("numOutputRecords", "1");
  }

  @Test
  void aRecordTooLargeAbortsTheBatchAndNamesTopicAndLimit() throws Exception {
    KafkaSink sink = sink(Map.of("kafka.max.request.size", "1000"));
    TaskWriter w = sink.createWriter(0, 0);
    producers.get(0).sendException = new RecordTooLargeException("The message is 2000 bytes when serialized which is"
        + " larger than 1000, which is the value of the max.request.size configuration.");
    assertThatThrownBy(() -> w.write(Row.of("k", "x".repeat(2000)))).isInstanceOf(IOException.class)
        .hasMessageContaining("topic out").hasMessageContaining("2000 bytes")
        .hasMessageContaining("kafka.max.request.size is 1000");
    w.abort();
    assertThatThrownBy(() -> sink.commit(0, List.of())).hasMessageContaining("task 0 aborted");
    assertThat(producers.get(0).transactionAborted()).isTrue();
    assertThat(producers.get(0).transactionCommitted()).isFalse();
  }

  @Test
  void aFencedProducerFailsNamingTheTransactionalId() throws Exception {
    KafkaSink sink = sink(Map.of());
    WriterCommitMessage m = task(sink, 0, 0, "a");
    producers.get(0).fenceProducer();
    assertThatThrownBy(() -> sink.commit(0, List.of(m))).isInstanceOf(IOException.class)
        .hasMessageContaining("another run of query q1 writes with transactional id millrace-q1-w0");
    assertThat(producers.get(0).transactionCommitted()).isFalse();
  }

  @Test
  void aReplayOfACommittedBatchCreatesNoProducerAndFencesNobody() throws Exception {
    marker = 5;
    KafkaSink sink = sink(Map.of());
    sink.commit(3, List.of(task(sink, 3, 0, "a", "b"), task(sink, 3, 1, "c")));
    assertThat(producers).isEmpty();
    assertThat(sink.metrics()).containsEntry("numSkippedBatches", "1").containsEntry("numSkippedRows", "3")
        .containsEntry("lastCommittedBatch", "5");
  }

  @Test
  void aMessageOfAnotherInstanceIsRefusedAndTheBatchAborted() throws Exception {
    KafkaSink first = sink(Map.of());
    WriterCommitMessage foreign = task(first, 0, 0, "a");
    KafkaSink second = sink(Map.of());
    task(second, 0, 0, "a");
    assertThatThrownBy(() -> second.commit(0, List.of(foreign))).hasMessageContaining("another transaction");
    assertThat(producers.get(1).transactionAborted()).isTrue();
  }

  @Test
  void closeAbortsAnOpenTransactionButNotACommitOfUnknownOutcome() throws Exception {
    KafkaSink sink = sink(Map.of());
    task(sink, 0, 0, "a");
    sink.close();
    sink.close();
    assertThat(producers.get(0).transactionAborted()).isTrue();
    assertThat(producers.get(0).closed()).isTrue();
    assertThatThrownBy(() -> sink.createWriter(0, 1)).hasMessageContaining("closed");
  }

  @Test
  void anEmptyBatchCommitsATransactionHoldingOnlyTheMarker() throws Exception {
    KafkaSink sink = sink(Map.of());
    sink.commit(0, List.of());
    MockProducer<byte[], byte[]> p = producers.get(0);
    assertThat(p.transactionCommitted()).isTrue();
    assertThat(p.history()).isEmpty();
    assertThat(p.consumerGroupOffsetsHistory().get(0)).containsKey("millrace-q1-sink");
    assertThat(p.consumerGroupOffsetsHistory().get(0).get("millrace-q1-sink").values().iterator().next().offset())
        .isEqualTo(0);
  }

  @Test
  void explicitExactlyOnceWithAContradictingSettingFailsAtCreate() {
    assertThatThrownBy(() -> sink(Map.of("deliveryGuarantee", "exactly-once", "kafka.acks", "1")))
        .isInstanceOf(MillraceException.class).hasMessageContaining("deliveryGuarantee")
        .hasMessageContaining("kafka.acks=1");
  }

  @Test
  void anUnsetGuaranteeWithAContradictionFallsBackToAtLeastOnceAndSaysWhy() throws Exception {
    KafkaSink sink = sink(Map.of("kafka.enable.idempotence", "false"));
    assertThat(sink.guarantee()).isEqualTo(io.millrace.spi.sink.DeliveryGuarantee.AT_LEAST_ONCE);
    assertThat(sink.metrics()).containsEntry("deliveryGuarantee", "at-least-once")
        .hasEntrySatisfying("deliveryGuaranteeReason", r -> assertThat(r).contains("enable.idempotence=false"));
    sink.commit(0, List.of(task(sink, 0, 0, "a")));
    assertThat(producers.get(0).flushed()).isTrue();
    assertThat(producers.get(0).transactionInitialized()).isFalse();
    assertThat(markerReads.get()).isZero();
  }
}
