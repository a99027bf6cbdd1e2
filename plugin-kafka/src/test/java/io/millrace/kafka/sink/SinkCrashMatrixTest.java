package io.millrace.kafka.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.tck.TckContext;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.PlainRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kills a real child JVM at each step of the sink's commit of batch 1, restarts in this process
 * (which replays batch 1 in two tasks instead of three, as the engine may, and writes batch 2),
 * and checks that a read_committed reader sees every row exactly once, that nothing of batch 1
 * was visible right after the kill unless its transaction had committed, and that no
 * transaction is left open on the broker.
 */
@ExtendWith(EmbeddedKafka.class)
class SinkCrashMatrixTest {

  @ParameterizedTest(name = "halted {2}")
  @CsvSource({
      "INSIDE_SINK_WRITE, 1, after the flush (records sent and invisible), false",
      "INSIDE_SINK_WRITE, 2, after the marker joined the transaction (marker pending), false",
      "INSIDE_SINK_WRITE, 3, after commitTransaction (committed in Kafka; the engine does not know), true",
      "AFTER_SINK_WRITE, 1, after the commit returned and before the engine's commit log, true",
  })
  void aKilledWriterRestartsWithEveryRowOnceAndNothingOpen(FaultPoint point, int occurrence, String when,
      boolean batchVisible) throws Exception {
    String topic = EmbeddedKafka.newTopic("sink-crash", KafkaSinkKit.PARTITIONS);
    String prefix = "crash-" + UUID.randomUUID().toString().substring(0, 8);
    String query = UUID.randomUUID().toString();
    HashMap<String, String> options = new HashMap<>(Map.of("topic", topic, "transactionalIdPrefix", prefix,
        "kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers()));
    Random random = new Random(point.ordinal() * 10L + occurrence);
    Map<Long, List<Row>> batches = Map.of(0L, KafkaSinkKit.rows(7, random, 7), 1L, KafkaSinkKit.rows(8, random, 15),
        2L, KafkaSinkKit.rows(5, random, 20));
    TreeMap<Long, ArrayList<ArrayList<Object>>> plain = new TreeMap<>();
    plain.put(0L, PlainRows.of(batches.get(0L)));
    plain.put(1L, PlainRows.of(batches.get(1L)));

    SinkCrashChild task = new SinkCrashChild(options, query, KafkaSinkKit.SCHEMA.toDdl(), plain, point, occurrence, 1);
    try (ChildJvm child = ChildJvm.start("kafka sink crash " + when, task, KafkaSinkProvider.class)) {
      assertThat(child.awaitExit()).as("the child halted %s%s", when, child.log()).isEqualTo(ChildJvm.HALTED);
    }
    List<Row> before = new ArrayList<>(batches.get(0L));
    if (batchVisible) {
      before.addAll(batches.get(1L));
    }
    assertThat(rows(topic)).as("what a read_committed reader sees right after the kill").containsExactlyInAnyOrderElementsOf(before);

    Sink restarted = new KafkaSinkProvider().create(TckContext.sink("kafka", options, query, KafkaSinkKit.SCHEMA,
        OutputMode.APPEND, FaultInjector.NONE));
    SinkTasks.write(restarted, 1, batches.get(1L), 2);
    SinkTasks.write(restarted, 2, batches.get(2L), 2);
    Map<String, String> metrics = restarted.metrics();
    restarted.close();

    List<Row> expected = new ArrayList<>(batches.get(0L));
    expected.addAll(batches.get(1L));
    expected.addAll(batches.get(2L));
    assertThat(rows(topic)).as("every row exactly once after the restart").containsExactlyInAnyOrderElementsOf(expected);
    assertThat(metrics.get("numSkippedBatches")).as("the replay of batch 1 was skipped iff it had committed")
        .isEqualTo(batchVisible ? "1" : "0");
    assertThat(OpenTransactions.of(prefix, topic, KafkaSinkKit.PARTITIONS)).as("transactions left open").isEmpty();
  }

  static List<Row> rows(String topic) {
    return CommittedRecords.of(topic).stream()
        .map(r -> Row.of(r.key() == null ? null : new String(r.key()), r.value(), r.partition())).toList();
  }
}
