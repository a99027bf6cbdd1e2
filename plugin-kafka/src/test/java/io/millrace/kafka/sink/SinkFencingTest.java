package io.millrace.kafka.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Row;
import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.sink.OutputMode;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.TaskWriter;
import io.millrace.spi.sink.WriterCommitMessage;
import io.millrace.tck.TckContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On the real broker: a zombie (the old run still alive when a new one writes) fails fenced and
 * duplicates nothing; a clean close in the middle of a batch leaves no transaction open; a
 * transaction timeout above the broker's maximum fails with a message naming both settings.
 */
@ExtendWith(EmbeddedKafka.class)
class SinkFencingTest {
  private final String topic = EmbeddedKafka.newTopic("sink-fence", KafkaSinkKit.PARTITIONS);
  private final String prefix = "fence-" + UUID.randomUUID().toString().substring(0, 8);
  private final String query = UUID.randomUUID().toString();
  private final Random random = new Random(17);

  private Sink open(Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(Map.of("topic", topic, "transactionalIdPrefix", prefix,
        "kafka.bootstrap.servers", EmbeddedKafka.bootstrapServers()));
    options.putAll(extra);
    return new KafkaSinkProvider().create(TckContext.sink("kafka", options, query, KafkaSinkKit.SCHEMA,
        OutputMode.APPEND, FaultInjector.NONE));
  }

  @Test
  void aZombieFailsFencedAndNothingIsDuplicated() throws Exception {
    Sink old = open(Map.of());
    List<Row> b0 = KafkaSinkKit.rows(4, random, 4);
    SinkTasks.write(old, 0, b0, 2);
    List<Row> b1 = KafkaSinkKit.rows(4, random, 8);
    TaskWriter zombieTask = old.createWriter(0, 1);
    for (Row r : b1) {
      zombieTask.write(r);
    }
    WriterCommitMessage zombieMessage = zombieTask.commit();

    Sink current = open(Map.of());
    SinkTasks.write(current, 1, b1, 3);
    assertThatThrownBy(() -> old.commit(1, List.of(zombieMessage))).hasMessageContaining("another run of query " + query)
        .hasMessageContaining("transactional id " + prefix + "-" + query + "-w0");
    old.close();
    current.close();

    List<Row> expected = new ArrayList<>(b0);
    expected.addAll(b1);
    assertThat(SinkCrashMatrixTest.rows(topic)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(OpenTransactions.of(prefix, topic, KafkaSinkKit.PARTITIONS)).isEmpty();
  }

  @Test
  void aCleanCloseInTheMiddleOfABatchLeavesNoTransactionOpen() throws Exception {
    Sink sink = open(Map.of());
    List<Row> b0 = KafkaSinkKit.rows(3, random, 3);
    SinkTasks.write(sink, 0, b0, 1);
    TaskWriter task = sink.createWriter(0, 1);
    for (Row r : KafkaSinkKit.rows(5, random, 8)) {
      task.write(r);
    }
    task.commit();
    assertThat(OpenTransactions.of(prefix, topic, KafkaSinkKit.PARTITIONS)).as("batch 1 is open before close").isNotEmpty();
    sink.close();
    assertThat(OpenTransactions.of(prefix, topic, KafkaSinkKit.PARTITIONS)).as("open after close").isEmpty();
    assertThat(SinkCrashMatrixTest.rows(topic)).containsExactlyInAnyOrderElementsOf(b0);
  }

  @Test
  void aTransactionTimeoutAboveTheBrokersMaximumNamesBothSettings() {
    Sink sink = open(Map.of("kafka.transaction.timeout.ms", "3600000"));
    assertThatThrownBy(() -> SinkTasks.write(sink, 0, KafkaSinkKit.rows(1, random, 1), 1))
        .isInstanceOf(MillraceException.class).hasMessageContaining("kafka.transaction.timeout.ms=3600000")
        .hasMessageContaining("transaction.max.timeout.ms");
  }
}
