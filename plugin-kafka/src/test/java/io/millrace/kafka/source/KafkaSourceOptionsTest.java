package io.millrace.kafka.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.Options;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Options are all checked when the source is created; each error names the option and the value. */
class KafkaSourceOptionsTest {

  private static KafkaSourceOptions read(String... keyValues) {
    Map<String, String> map = new HashMap<>();
    map.put("kafka.bootstrap.servers", "localhost:9092");
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return KafkaSourceOptions.read(Options.of("source 'kafka'", map));
  }

  @Test
  void refusesSparksForbiddenKafkaKeysNamingThem() {
    for (String key : KafkaSourceOptions.FORBIDDEN) {
      assertThatThrownBy(() -> read("subscribe", "t", "kafka." + key, "x"))
          .isInstanceOf(InvalidOptionException.class)
          .hasMessageContaining("'kafka." + key + "'")
          .hasMessageContaining("not allowed");
    }
  }

  @Test
  void needsExactlyOneTopicSelectorAndTheBootstrapServers() {
    assertThatThrownBy(() -> read()).hasMessageContaining("exactly one of the options 'subscribe', 'subscribePattern'");
    assertThatThrownBy(() -> read("subscribe", "a", "assign", "{\"a\":[0]}"))
        .hasMessageContaining("got [subscribe, assign]");
    assertThatThrownBy(() -> KafkaSourceOptions.read(Options.of("source 'kafka'", Map.of("subscribe", "t"))))
        .hasMessageContaining("'kafka.bootstrap.servers'").hasMessageContaining("required");
  }

  @Test
  void wrongValuesNameTheOptionAndTheValue() {
    assertThatThrownBy(() -> read("subscribe", "t", "maxOffsetsPerTrigger", "lots"))
        .hasMessageContaining("'maxOffsetsPerTrigger'").hasMessageContaining("'lots'");
    assertThatThrownBy(() -> read("subscribe", "t", "minPartitions", "0"))
        .hasMessageContaining("'minPartitions'").hasMessageContaining("'0'");
    assertThatThrownBy(() -> read("subscribe", "t", "failOnDataLoss", "maybe"))
        .hasMessageContaining("'failOnDataLoss'").hasMessageContaining("'maybe'");
    assertThatThrownBy(() -> read("subscribe", "t", "startingOffsets", "newest"))
        .hasMessageContaining("'startingOffsets'").hasMessageContaining("'newest'").hasMessageContaining("earliest, latest or JSON");
    assertThatThrownBy(() -> read("subscribe", "t", "maxTriggerDelay", "soon"))
        .hasMessageContaining("'maxTriggerDelay'").hasMessageContaining("'soon'");
    assertThatThrownBy(() -> read("subscribe", "t", "startingOffsetsByTimestampStrategy", "guess"))
        .hasMessageContaining("'startingOffsetsByTimestampStrategy'").hasMessageContaining("'guess'");
    assertThatThrownBy(() -> read("subscribePattern", "t[", "kafka.isolation.level", "read_committed"))
        .hasMessageContaining("'subscribePattern'").hasMessageContaining("'t['");
    assertThatThrownBy(() -> read("assign", "{\"t\":0}")).hasMessageContaining("'assign'")
        .hasMessageContaining("{\"topicA\":[0,1]");
    assertThatThrownBy(() -> read("subscribe", "t", "kafka.isolation.level", "dirty"))
        .hasMessageContaining("'kafka.isolation.level'").hasMessageContaining("'dirty'");
    assertThatThrownBy(() -> read("subscribe", "t", "endingOffsets", "{\"t\":{\"0\":-2}}"))
        .hasMessageContaining("'endingOffsets'").hasMessageContaining("earliest cannot end a stream");
  }

  @Test
  void aBadOffsetsJsonShowsTheTextAndTheForm() {
    assertThatThrownBy(() -> read("subscribe", "t", "startingOffsets", "{\"t\":{0:1}}"))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("option 'startingOffsets' '{\"t\":{0:1}}'")
        .hasMessageContaining("expected the form {\"topicA\":{\"0\":23,\"1\":-1}");
  }

  @Test
  void readCommittedIsTheDefaultAndLargeFetchesAreSet() {
    Map<String, Object> consumer = read("subscribe", "t").consumerProperties();
    assertThat(consumer).containsEntry("isolation.level", "read_committed").containsEntry("auto.offset.reset", "none")
        .containsEntry("max.poll.records", "10000").containsEntry("max.partition.fetch.bytes", Integer.toString(8 << 20));
    assertThat(read("subscribe", "t", "kafka.max.poll.records", "500").consumerProperties())
        .containsEntry("max.poll.records", "500");
  }
}
