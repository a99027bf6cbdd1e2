package io.millrace.kafka.source;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.source.Source;
import io.millrace.spi.source.SourceContext;
import io.millrace.spi.source.SourceProvider;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * The {@code kafka} source. {@link #create} reads and checks every option and connects to
 * nothing: the first {@code initialOffset} or {@code latestOffset} reaches the brokers.
 */
public final class KafkaSourceProvider implements SourceProvider {
  private final LongSupplier clockMillis;

  public KafkaSourceProvider() {
    this(System::currentTimeMillis);
  }

  /** With a clock of its own, for tests of {@code maxTriggerDelay}. */
  KafkaSourceProvider(LongSupplier clockMillis) {
    this.clockMillis = clockMillis;
  }

  @Override
  public String name() {
    return "kafka";
  }

  @Override
  public String spiVersion() {
    return Spi.VERSION;
  }

  @Override
  public String description() {
    return "Kafka topics (subscribe, subscribePattern, assign), read_committed, replayable from the checkpoint";
  }

  @Override
  public Source create(SourceContext context) {
    KafkaSourceOptions options = KafkaSourceOptions.read(context.options());
    try {
      InitialOffsets initial = new InitialOffsets(options, context.storage(context.metadataPath()), context.metadataPath());
      return new KafkaSource(options, context.queryId(), initial, clockMillis);
    } catch (IOException e) {
      throw new MillraceException("Kafka source: cannot open the storage of its metadata path " + context.metadataPath()
          + ": " + e, e);
    }
  }
}
