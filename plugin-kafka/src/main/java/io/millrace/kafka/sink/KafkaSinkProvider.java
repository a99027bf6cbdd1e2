package io.millrace.kafka.sink;

import io.millrace.spi.MillraceException;
import io.millrace.spi.Spi;
import io.millrace.spi.data.Row;
import io.millrace.spi.sink.DeliveryGuarantee;
import io.millrace.spi.sink.ReadableSinkProvider;
import io.millrace.spi.sink.Sink;
import io.millrace.spi.sink.SinkContext;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * The {@code kafka} sink: Spark's input columns and options, exactly-once by default through one
 * Kafka transaction per batch (see {@link KafkaSink}). {@code create} checks every option and the
 * schema and connects to nothing; {@code readBack} reads the topic as a read_committed consumer.
 */
public final class KafkaSinkProvider implements ReadableSinkProvider {
  private static final System.Logger LOG = System.getLogger(KafkaSinkProvider.class.getName());
  /** How long the marker read at recovery may wait for the group coordinator. */
  static final Duration MARKER_TIMEOUT = Duration.ofSeconds(60);

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
    return "Kafka topics, exactly-once: one transaction per batch (Spark's columns and options)";
  }

  @Override
  public Sink create(SinkContext context) {
    KafkaSinkOptions options = read(context);
    SinkRows rows = SinkRows.of(context.options().owner(), context.schema(), options.topic());
    if (options.guarantee() != DeliveryGuarantee.EXACTLY_ONCE) {
      LOG.log(Level.WARNING, context.options().owner() + " writes at-least-once, not exactly-once: "
          + options.guaranteeReason() + "; a replayed batch may be written twice");
    }
    return new KafkaSink(options, rows, context.queryId(), context.faultInjector(), KafkaProducer::new,
        marker -> timeout -> marker.read(options.clientConfig(true), timeout));
  }

  private static KafkaSinkOptions read(SinkContext context) {
    return KafkaSinkOptions.read(context.options(), SinkRows.hasTopicColumn(context.schema()));
  }

  @Override
  public List<Row> readBack(SinkContext context, int maxRows) throws IOException {
    KafkaSinkOptions options = read(context);
    String topic = options.topic().orElseThrow(() -> new MillraceException(context.options().owner()
        + " reads back only with option 'topic': the rows name their own topics"));
    return TopicReader.read(options.clientConfig(true), topic, context.schema(), maxRows);
  }
}
