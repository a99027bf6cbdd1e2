package io.millrace.kafka.source;

import io.millrace.spi.source.InputPartition;

/** Offsets {@code [from, until)} of one Kafka partition: all a reader in any process needs besides the options. */
record KafkaInputPartition(String topic, int partition, long from, long until) implements InputPartition {
  private static final long serialVersionUID = 1L;

  @Override
  public String describe() {
    return topic + "-" + partition + " offsets [" + from + ", " + until + ")";
  }
}
