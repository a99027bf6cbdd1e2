package io.millrace.kafka.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.MillraceException;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Spark's offsets JSON: sorted, compact, byte-stable; bad text fails showing itself and the form. */
class KafkaSourceOffsetTest {

  @Test
  void writesSparksFormSortedByTopicThenPartitionNumber() {
    KafkaSourceOffset offset = new KafkaSourceOffset(Map.of(new TopicPartition("t", 10), 5L,
        new TopicPartition("t", 2), 23L, new TopicPartition("a", 0), -1L));
    // partition 10 after 2: numeric order, not the text order of "10" and "2"
    assertThat(offset.json()).isEqualTo("{\"a\":{\"0\":-1},\"t\":{\"2\":23,\"10\":5}}");
  }

  @Test
  void survivesItsJsonByteForByte() {
    String json = "{\"topicA\":{\"0\":23,\"1\":-1},\"topicB\":{\"0\":-2}}"; // Spark's KafkaSourceOffsetSuite form
    assertThat(KafkaSourceOffset.parse(json).json()).isEqualTo(json);
    assertThat(KafkaSourceOffset.parse(" { \"b\" : {\"1\":1, \"0\":0}, \"a\":{\"0\":3} } ").json())
        .isEqualTo("{\"a\":{\"0\":3},\"b\":{\"0\":0,\"1\":1}}");
  }

  @Test
  void badJsonShowsTheTextAndTheExpectedForm() {
    assertThatThrownBy(() -> KafkaSourceOffset.parse("{\"t\":{\"0\":"))
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("'{\"t\":{\"0\":'")
        .hasMessageContaining("not JSON")
        .hasMessageContaining("expected the form {\"topicA\":{\"0\":23,\"1\":-1}");
    assertThatThrownBy(() -> KafkaSourceOffset.parse("{\"t\":{\"x\":1}}")).hasMessageContaining("partition 'x'");
    assertThatThrownBy(() -> KafkaSourceOffset.parse("{\"t\":{\"0\":\"5\"}}")).hasMessageContaining("not a whole number");
    assertThatThrownBy(() -> KafkaSourceOffset.parse("{\"t\":[0,1]}")).hasMessageContaining("not an object of partitions");
    assertThatThrownBy(() -> KafkaSourceOffset.parse("[1]")).hasMessageContaining("not a JSON object of topics");
  }
}
