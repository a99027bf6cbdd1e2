package io.millrace.kafka.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

/** Spark's input columns become Kafka records, and bad columns, rows and options fail naming what is wrong. */
class SinkRowsTest {
  private static final String OWNER = "sink 'kafka'";

  @Test
  void everySparkColumnReachesTheRecord() {
    Schema schema = Schema.parse("topic STRING, Key BINARY, value STRING, partition INT,"
        + " headers ARRAY<STRUCT<key STRING, value BINARY>>, other LONG");
    SinkRows rows = SinkRows.of(OWNER, schema, Optional.empty());
    ProducerRecord<byte[], byte[]> r = rows.record(Row.of("t1", new byte[] {1, 2}, "v", 2,
        List.of(Row.of("h", new byte[] {9})), 7L), 0, 0, 0);
    assertThat(r.topic()).isEqualTo("t1");
    assertThat(r.key()).containsExactly(1, 2);
    assertThat(new String(r.value(), StandardCharsets.UTF_8)).isEqualTo("v");
    assertThat(r.partition()).isEqualTo(2);
    Header h = r.headers().lastHeader("h");
    assertThat(h.value()).containsExactly(9);
  }

  @Test
  void theTopicOptionOverridesTheColumnAndNullsStayNull() {
    SinkRows rows = SinkRows.of(OWNER, Schema.parse("topic STRING, key STRING, value BINARY"), Optional.of("fixed"));
    ProducerRecord<byte[], byte[]> r = rows.record(Row.of("ignored", null, null), 0, 0, 0);
    assertThat(r.topic()).isEqualTo("fixed");
    assertThat(r.key()).isNull();
    assertThat(r.value()).isNull();
    assertThat(r.partition()).isNull();
  }

  @Test
  void aNullTopicWithNoTopicOptionNamesTheRow() {
    SinkRows rows = SinkRows.of(OWNER, Schema.parse("topic STRING, value STRING"), Optional.empty());
    assertThatThrownBy(() -> rows.record(Row.of(null, "v"), 4, 2, 17)).isInstanceOf(MillraceException.class)
        .hasMessageContaining("row 17 of task 2 of batch 4 has a null 'topic'");
  }

  @Test
  void aMissingValueColumnOrAWrongTypeIsRefusedNamingTheColumn() {
    assertThatThrownBy(() -> SinkRows.of(OWNER, Schema.parse("key STRING, payload STRING"), Optional.of("t")))
        .hasMessageContaining("needs a 'value' column").hasMessageContaining("key, payload");
    assertThatThrownBy(() -> SinkRows.of(OWNER, Schema.parse("value LONG"), Optional.of("t")))
        .hasMessageContaining("column 'value' has type LONG");
    assertThatThrownBy(() -> SinkRows.of(OWNER, Schema.parse("value STRING, partition LONG"), Optional.of("t")))
        .hasMessageContaining("column 'partition' has type LONG").hasMessageContaining("must be INT");
    assertThatThrownBy(() -> SinkRows.of(OWNER, Schema.parse("value STRING, headers ARRAY<STRING>"), Optional.of("t")))
        .hasMessageContaining("column 'headers'");
  }

  @Test
  void optionsTheSinkOwnsOrDoesNotKnowAreRefused() {
    for (String key : List.of("kafka.transactional.id", "kafka.key.serializer", "kafka.value.serializer", "topics")) {
      assertThatThrownBy(() -> KafkaSinkOptions.read(Options.of(OWNER, Map.of("topic", "t", "kafka.bootstrap.servers",
          "b:9092", key, "x")), false)).isInstanceOf(InvalidOptionException.class).hasMessageContaining(key);
    }
    assertThatThrownBy(() -> KafkaSinkOptions.read(Options.of(OWNER, Map.of("kafka.bootstrap.servers", "b:9092")), false))
        .hasMessageContaining("option 'topic'");
    assertThatThrownBy(() -> KafkaSinkOptions.read(Options.of(OWNER, Map.of("topic", "t")), false))
        .hasMessageContaining("kafka.bootstrap.servers");
  }

  @Test
  void rowsThatNameTheirTopicNeedAMarkerTopicForExactlyOnce() {
    assertThatThrownBy(() -> KafkaSinkOptions.read(Options.of(OWNER, Map.of("kafka.bootstrap.servers", "b:9092",
        "deliveryGuarantee", "exactly-once")), true)).hasMessageContaining("markerTopic");
    KafkaSinkOptions fallback = KafkaSinkOptions.read(Options.of(OWNER, Map.of("kafka.bootstrap.servers", "b:9092")), true);
    assertThat(fallback.guaranteeReason()).contains("markerTopic");
    KafkaSinkOptions marked = KafkaSinkOptions.read(Options.of(OWNER, Map.of("kafka.bootstrap.servers", "b:9092",
        "markerTopic", "m")), true);
    assertThat(marked.markerTopic()).contains("m");
    assertThat(marked.producerConfig(Optional.of("id"))).containsEntry("transaction.timeout.ms", "600000")
        .containsEntry("linger.ms", "5").containsEntry("batch.size", "524288").containsEntry("compression.type", "none");
  }
}
