package io.millrace.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.kafka.EmbeddedKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code millrace run examples/kafka-to-delta.yaml --show 30} as a user runs it, on the embedded
 * broker: the job's {@code ${KAFKA_BOOTSTRAP:-localhost:9092}} replaced by the broker's address,
 * its topic by a fresh one holding 90 JSON events, its table and checkpoint moved into a
 * temporary directory, and 30 offsets a batch so that the watermark moves between batches. The
 * table it shows is Spark 4.0.1's answer for the same values.
 */
@ExtendWith(EmbeddedKafka.class)
class KafkaToDeltaExampleTest {
  private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
  private static final int EVENTS = 90;
  private static final String[] KEYS = {"north", "south"};

  /**
   * Spark 4.0.1 (the lead's oracle, {@code run.sh SqlRows}, session time zone UTC), the rows as
   * Spark's {@code Row.toString}, over a view {@code raw(value)} of the {@link #value} strings:
   * <pre>
   * CREATE TEMPORARY VIEW events AS SELECT e.* FROM (SELECT from_json(CAST(value AS STRING),
   *     'ts TIMESTAMP, id LONG, key STRING, amount DOUBLE') AS e FROM raw)
   * SELECT window, key, count(*) AS events, round(sum(amount), 2) AS total FROM events
   *     GROUP BY window(ts, '1 minute'), key
   *     HAVING window.end &lt;= (SELECT max(ts) - INTERVAL 10 MINUTES FROM events) ORDER BY window, key
   * </pre>
   * The HAVING is append mode's rule: a window is written once the final watermark (the newest
   * event time, 10:18:00, minus the 10-minute delay) has passed its end. No event is behind the
   * watermark of its batch, so the stream drops none as late and the batch query's answer is the stream's.
   */
  private static final List<String> SPARK_ROWS = List.of(
      "[[2026-01-05 10:00:00.0,2026-01-05 10:01:00.0],north,2,0.47]",
      "[[2026-01-05 10:00:00.0,2026-01-05 10:01:00.0],south,2,1.95]",
      "[[2026-01-05 10:01:00.0,2026-01-05 10:02:00.0],north,3,6.44]",
      "[[2026-01-05 10:01:00.0,2026-01-05 10:02:00.0],south,2,4.91]",
      "[[2026-01-05 10:02:00.0,2026-01-05 10:03:00.0],north,3,12.73]",
      "[[2026-01-05 10:02:00.0,2026-01-05 10:03:00.0],south,2,7.87]",
      "[[2026-01-05 10:03:00.0,2026-01-05 10:04:00.0],north,2,12.31]",
      "[[2026-01-05 10:03:00.0,2026-01-05 10:04:00.0],south,3,17.54]",
      "[[2026-01-05 10:04:00.0,2026-01-05 10:05:00.0],north,2,15.27]",
      "[[2026-01-05 10:04:00.0,2026-01-05 10:05:00.0],south,3,23.83]",
      "[[2026-01-05 10:05:00.0,2026-01-05 10:06:00.0],north,3,18.64]",
      "[[2026-01-05 10:05:00.0,2026-01-05 10:06:00.0],south,2,19.71]",
      "[[2026-01-05 10:06:00.0,2026-01-05 10:07:00.0],north,3,4.93]",
      "[[2026-01-05 10:06:00.0,2026-01-05 10:07:00.0],south,2,2.67]",
      "[[2026-01-05 10:07:00.0,2026-01-05 10:08:00.0],north,2,7.11]",
      "[[2026-01-05 10:07:00.0,2026-01-05 10:08:00.0],south,3,9.74]");

  @TempDir Path dir;

  /**
   * Event {@code i}: every 12 s from 2026-01-05T10:00:00Z, up to 16 s out of order, two keys,
   * amounts in cents: {@code {"ts":"2026-01-05T10:00:00Z","id":0,"key":"north","amount":0.05}}.
   */
  static String value(int i) {
    Instant ts = Instant.parse("2026-01-05T10:00:00Z").plusSeconds(i * 12L + (i * 7L % 5) * 4);
    int cents = i * 37 % 1000 + 5;
    return String.format("{\"ts\":\"%s\",\"id\":%d,\"key\":\"%s\",\"amount\":%d.%02d}", ts, i, KEYS[i / 2 % 2],
        cents / 100, cents % 100);
  }

  @Test
  void theExampleReadsTheTopicIntoTheTableSparkComputes() throws Exception {
    String topic = EmbeddedKafka.newTopic("events", 2);
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    for (int i = 0; i < EVENTS; i++) {
      records.add(new ProducerRecord<>(topic, i % 2, null, value(i)));
    }
    KafkaTopics.produce(records);
    Path job = jobOn(topic);

    String first = CliRuns.run("run", job.toString(), "--show", "30");
    // 90 offsets at 30 a batch, then a batch without data that moves the watermark past the last windows.
    assertThat(first).contains("end-to-end guarantee: exactly-once").contains("4 batch(es) ran");
    assertThat(first).contains("the sink holds " + SPARK_ROWS.size() + " row(s):");
    List<String> table = CliRuns.shownTable(first);
    assertThat(table.get(0).replace(" ", "")).isEqualTo("|window|key|events|total|");
    assertThat(table.subList(1, table.size()).stream().map(KafkaToDeltaExampleTest::asSparkRow).toList())
        .as("the table, in window and key order, as Spark's rows").containsExactlyElementsOf(SPARK_ROWS);

    String again = CliRuns.run("run", job.toString(), "--show", "30");
    assertThat(again).as("a second run finds no new offsets").contains("0 batch(es) ran");
    assertThat(CliRuns.shownTable(again)).as("and shows the same table").isEqualTo(table);
  }

  /** The bundled job file on the embedded broker and {@code topic}, its table and checkpoint in {@link #dir}. */
  private Path jobOn(String topic) throws IOException {
    String yaml = Files.readString(EXAMPLES.resolve("kafka-to-delta.yaml"));
    String moved = replaceOnce(yaml, "\"${KAFKA_BOOTSTRAP:-localhost:9092}\"", EmbeddedKafka.bootstrapServers());
    moved = replaceOnce(moved, "subscribe: events", "subscribe: " + topic);
    moved = replaceOnce(moved, "maxOffsetsPerTrigger: 100000", "maxOffsetsPerTrigger: 30");
    moved = replaceOnce(moved, "path: target/tables/kafka-event-counts", "path: " + dir.resolve("table"));
    moved = replaceOnce(moved, "checkpointLocation: target/checkpoints/kafka-to-delta",
        "checkpointLocation: " + dir.resolve("checkpoint"));
    Path job = dir.resolve("kafka-to-delta.yaml");
    Files.writeString(job, moved);
    return job;
  }

  private static String replaceOnce(String text, String from, String to) {
    assertThat(text).as("the example job file").containsOnlyOnce(from);
    return text.replace(from, to);
  }

  /** {@code | {2026-01-05 10:00:00, 2026-01-05 10:01:00} | north | 2 | 0.47 |} as Spark's Row.toString. */
  private static String asSparkRow(String shown) {
    String[] cells = shown.split("\\|");
    String[] window = cells[1].trim().replaceAll("[{}]", "").split(", ");
    return "[[" + window[0] + ".0," + window[1] + ".0]," + cells[2].trim() + "," + cells[3].trim() + ","
        + cells[4].trim() + "]";
  }
}
