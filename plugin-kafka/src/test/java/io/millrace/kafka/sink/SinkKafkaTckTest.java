package io.millrace.kafka.sink;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.tck.sink.SinkContractSuite;
import io.millrace.tck.sink.SinkKit;
import org.junit.jupiter.api.extension.ExtendWith;

/** The {@code kafka} sink keeps the exactly-once, per-task, readable sink contract (K01–K14) on the shared broker. */
@ExtendWith(EmbeddedKafka.class)
class SinkKafkaTckTest extends SinkContractSuite {
  @Override
  protected SinkKit kit() {
    return new KafkaSinkKit();
  }
}
