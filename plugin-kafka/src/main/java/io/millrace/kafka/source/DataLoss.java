package io.millrace.kafka.source;

import io.millrace.spi.MillraceException;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the source does when offsets it was to read are gone (aged out, deleted, the topic
 * recreated): with {@code failOnDataLoss=true} (the default) the query fails naming topic,
 * partition and offsets; with false it logs a WARN, skips them and counts them in the metrics
 * {@code dataLossOffsets} and {@code dataLossEvents}.
 */
final class DataLoss {
  private static final System.Logger LOG = System.getLogger(DataLoss.class.getName());

  private final boolean fail;
  private final LongAdder offsets = new LongAdder();
  private final LongAdder events = new LongAdder();

  DataLoss(boolean fail) {
    this.fail = fail;
  }

  /** Offsets {@code [from, until)} of a partition cannot be read; {@code why} says what was found. */
  void report(String topic, int partition, long from, long until, String why) {
    String message = "Kafka source: topic " + topic + " partition " + partition + ": offsets [" + from + ", " + until
        + ") are no longer available (" + why + "); the data aged out or the topic was deleted";
    if (fail) {
      throw new MillraceException(message + ". Set failOnDataLoss=false to skip such ranges");
    }
    LOG.log(System.Logger.Level.WARNING, message + "; skipped (failOnDataLoss=false)");
    offsets.add(Math.max(0, until - from));
    events.increment();
  }

  /** A partition is gone or went back, so no count of offsets can be given. */
  void report(String topic, int partition, String what) {
    String message = "Kafka source: topic " + topic + " partition " + partition + ": " + what
        + "; data may have been missed";
    if (fail) {
      throw new MillraceException(message + ". Set failOnDataLoss=false to go on without it");
    }
    LOG.log(System.Logger.Level.WARNING, message + " (failOnDataLoss=false)");
    events.increment();
  }

  long offsets() {
    return offsets.sum();
  }

  long events() {
    return events.sum();
  }
}
