package io.millrace.kafka.source;

import io.millrace.kafka.EmbeddedKafka;
import io.millrace.tck.source.SourceContractSuite;
import io.millrace.tck.source.SourceKit;
import org.junit.jupiter.api.extension.ExtendWith;

/** The {@code kafka} source keeps the source contract, on the shared broker, a fresh topic per rule. */
@ExtendWith(EmbeddedKafka.class)
class SourceKafkaTckTest extends SourceContractSuite {
  @Override
  protected SourceKit kit() {
    return new KafkaSourceKit();
  }
}
