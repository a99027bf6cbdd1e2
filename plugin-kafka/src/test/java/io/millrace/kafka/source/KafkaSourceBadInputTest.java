package io.millrace.kafka.source;

import static io.millrace.kafka.source.SourceFixture.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.source.Source;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Bad input fails with an error that names what is wrong, in bounded time. */
@ExtendWith(EmbeddedKafka.class)
class KafkaSourceBadInputTest {
  private SourceFixture fixture;

  @BeforeEach
  void open() throws Exception {
    fixture = new SourceFixture();
  }

  @AfterEach
  void close() throws Exception {
    fixture.close();
  }

  @Test
  void anUnreachableBrokerFailsInBoundedTimeNamingTheServersAndTheTimeoutOption() {
    Map<String, String> options = options("subscribe", "t", "kafka.default.api.timeout.ms", "1500");
    options.put("kafka.bootstrap.servers", "127.0.0.1:1");
    Source source = fixture.open(options); // creating connects to nothing
    long started = System.nanoTime();
    assertThatThrownBy(source::initialOffset)
        .isInstanceOf(MillraceException.class)
        .hasMessageContaining("cannot reach bootstrap servers '127.0.0.1:1' within 1500 ms (kafka.default.api.timeout.ms)");
    assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(10_000);
  }

  @Test
  void aMissingTopicUnderSubscribeOrAssignIsNamed() {
    String missing = "missing-" + System.nanoTime();
    assertThatThrownBy(() -> fixture.open(options("subscribe", missing)).initialOffset())
        .hasMessageContaining("topic(s) [" + missing + "] of option 'subscribe' do not exist");
    String topic = EmbeddedKafka.newTopic("assign", 1);
    assertThatThrownBy(() -> fixture.open(options("assign", "{\"" + topic + "\":[0,3]}")).initialOffset())
        .hasMessageContaining("partition(s) [" + topic + "-3] of option 'assign' do not exist");
  }

  @Test
  void aStartingOffsetsJsonMustNameEveryPartitionRead() {
    String topic = EmbeddedKafka.newTopic("json", 2);
    Source source = fixture.open(options("assign", "{\"" + topic + "\":[0,1]}",
        "startingOffsets", "{\"" + topic + "\":{\"0\":0}}"));
    assertThatThrownBy(source::initialOffset)
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("option 'startingOffsets'")
        .hasMessageContaining("missing [" + topic + "-1]");
  }
}
