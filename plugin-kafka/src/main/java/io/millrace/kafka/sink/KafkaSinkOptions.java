package io.millrace.kafka.sink;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import io.millrace.spi.sink.DeliveryGuarantee;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Kafka sink's options, read and checked once when the sink is created. {@code topic} and
 * {@code kafka.*} are Spark's; {@code deliveryGuarantee}, {@code transactionalIdPrefix} and
 * {@code markerTopic} are ours (Spark's sink is at-least-once only).
 *
 * @param topic the topic every row goes to, overriding a {@code topic} column (Spark's rule)
 * @param guarantee what the sink promises; exactly-once unless the options contradict it
 * @param guaranteeReason why the guarantee is at-least-once, empty under exactly-once
 * @param markerTopic the topic whose partition 0 the batch marker names (exactly-once only)
 * @param producer the producer's settings: our defaults, then every {@code kafka.*} option
 */
record KafkaSinkOptions(Optional<String> topic, DeliveryGuarantee guarantee, String guaranteeReason,
    String transactionalIdPrefix, Optional<String> markerTopic, Map<String, Object> producer) {

  static final String TOPIC = "topic";
  static final String DELIVERY_GUARANTEE = "deliveryGuarantee";
  static final String TRANSACTIONAL_ID_PREFIX = "transactionalIdPrefix";
  static final String MARKER_TOPIC = "markerTopic";
  static final String KAFKA_PREFIX = "kafka.";
  static final String DEFAULT_PREFIX = "millrace";
  /** Ten minutes: how long a dead run's open transaction may hold back read_committed readers. */
  static final int DEFAULT_TRANSACTION_TIMEOUT_MS = 600_000;

  /** Settings the sink owns: a user value would break the byte[] records or the batch protocol (Spark refuses the serializers too). */
  private static final Set<String> REFUSED = Set.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG,
      ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
  private static final List<String> KNOWN = List.of(TOPIC, DELIVERY_GUARANTEE, TRANSACTIONAL_ID_PREFIX, MARKER_TOPIC);

  /** The sink's delivery choices as users spell them. */
  enum Guarantee { EXACTLY_ONCE, AT_LEAST_ONCE }

  /**
   * Reads the options. {@code topicColumn} says whether the rows carry their own topic, which
   * under exactly-once needs {@code markerTopic} when there is no {@code topic} option.
   */
  static KafkaSinkOptions read(Options options, boolean topicColumn) {
    Map<String, Object> producer = defaults();
    for (Map.Entry<String, String> e : options.asMap().entrySet()) {
      String key = e.getKey();
      if (key.toLowerCase(Locale.ROOT).startsWith(KAFKA_PREFIX) && key.length() > KAFKA_PREFIX.length()) {
        // Kafka's keys are case-sensitive: kept as written.
        String kafkaKey = key.substring(KAFKA_PREFIX.length());
        if (REFUSED.contains(kafkaKey)) {
          throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not allowed: the"
              + " sink sets " + kafkaKey + " itself (" + (kafkaKey.equals(ProducerConfig.TRANSACTIONAL_ID_CONFIG)
                  ? "one id per query, from option '" + TRANSACTIONAL_ID_PREFIX + "'" : "rows are written as bytes") + ")");
        }
        producer.put(kafkaKey, e.getValue());
      } else if (KNOWN.stream().noneMatch(k -> k.equalsIgnoreCase(key))) {
        throw new InvalidOptionException(key, "option '" + key + "' of " + options.owner() + " is not known; known"
            + " options: " + String.join(", ", KNOWN) + ", " + KAFKA_PREFIX + "<producer setting>");
      }
    }
    if (!producer.containsKey(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
      throw new InvalidOptionException(KAFKA_PREFIX + ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "option '" + KAFKA_PREFIX
          + ProducerConfig.BOOTSTRAP_SERVERS_CONFIG + "' of " + options.owner() + " is required: the brokers to write to,"
          + " such as host1:9092,host2:9092");
    }
    Optional<String> topic = nonBlank(options, TOPIC);
    if (topic.isEmpty() && !topicColumn) {
      throw new InvalidOptionException(TOPIC, "option '" + TOPIC + "' of " + options.owner() + " is required when the"
          + " rows have no 'topic' column");
    }
    Optional<String> markerTopic = nonBlank(options, MARKER_TOPIC).or(() -> topic);
    String prefix = options.getString(TRANSACTIONAL_ID_PREFIX, DEFAULT_PREFIX).trim();
    if (prefix.isEmpty()) {
      throw options.invalid(TRANSACTIONAL_ID_PREFIX, prefix, "a non-empty prefix such as 'millrace'");
    }
    Optional<Guarantee> asked = options.get(DELIVERY_GUARANTEE)
        .map(v -> options.getEnum(DELIVERY_GUARANTEE, Guarantee.class, Guarantee.EXACTLY_ONCE));
    String contradiction = contradiction(producer, markerTopic);
    if (asked.isPresent() && asked.get() == Guarantee.AT_LEAST_ONCE) {
      return new KafkaSinkOptions(topic, DeliveryGuarantee.AT_LEAST_ONCE, "option " + DELIVERY_GUARANTEE
          + "=at-least-once", prefix, markerTopic, producer);
    }
    if (!contradiction.isEmpty()) {
      if (asked.isPresent()) {
        throw new InvalidOptionException(DELIVERY_GUARANTEE, "option '" + DELIVERY_GUARANTEE + "' of " + options.owner()
            + " asks for exactly-once, which " + contradiction);
      }
      return new KafkaSinkOptions(topic, DeliveryGuarantee.AT_LEAST_ONCE, contradiction, prefix, markerTopic, producer);
    }
    return new KafkaSinkOptions(topic, DeliveryGuarantee.EXACTLY_ONCE, "", prefix, markerTopic, producer);
  }

  /** Why the producer settings cannot give exactly-once, or empty if they can. */
  private static String contradiction(Map<String, Object> producer, Optional<String> markerTopic) {
    String idempotence = String.valueOf(producer.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)).trim();
    if (idempotence.equalsIgnoreCase("false")) {
      return "option kafka.enable.idempotence=false rules out (transactions need the idempotent producer)";
    }
    String acks = String.valueOf(producer.get(ProducerConfig.ACKS_CONFIG)).trim();
    if (!acks.equalsIgnoreCase("all") && !acks.equals("-1")) {
      return "option kafka.acks=" + acks + " rules out (transactions need acks=all)";
    }
    if (markerTopic.isEmpty()) {
      return "rows that carry their own 'topic' with no option '" + TOPIC + "' and no option '" + MARKER_TOPIC
          + "' rule out (the batch marker needs an existing topic's partition 0; set " + MARKER_TOPIC + ")";
    }
    return "";
  }

  /** Our producer defaults, which {@code kafka.*} options override: throughput settings and safe delivery. */
  private static Map<String, Object> defaults() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(512 * 1024));
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
    p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, Integer.toString(DEFAULT_TRANSACTION_TIMEOUT_MS));
    return p;
  }

  /** The producer's settings with the byte[] serializers and, under exactly-once, {@code transactionalId}. */
  Map<String, Object> producerConfig(Optional<String> transactionalId) {
    Map<String, Object> p = new LinkedHashMap<>(producer);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    transactionalId.ifPresent(id -> p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id));
    if (transactionalId.isEmpty()) {
      p.remove(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG);
    }
    return p;
  }

  /**
   * The {@code kafka.*} settings a consumer or admin client also understands (bootstrap, security,
   * timeouts). Not {@code interceptor.classes}: both configs know the name, but the producer's
   * interceptors are ProducerInterceptors, which the marker's consumer cannot load.
   */
  Map<String, Object> clientConfig(boolean forConsumer) {
    Set<String> names = forConsumer ? ConsumerConfig.configNames() : AdminClientConfig.configNames();
    Map<String, Object> c = new LinkedHashMap<>();
    producer.forEach((k, v) -> {
      if (names.contains(k) && !k.equals(ProducerConfig.ACKS_CONFIG) && !k.equals(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG)
          && !k.startsWith("key.") && !k.startsWith("value.")) {
        c.put(k, v);
      }
    });
    return c;
  }

  /** The producer's {@code max.request.size}, for error messages. */
  String maxRequestSize() {
    return String.valueOf(producer.getOrDefault(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, "1048576 (the default)"));
  }

  private static Optional<String> nonBlank(Options options, String key) {
    Optional<String> value = options.get(key).map(String::trim);
    if (value.isPresent() && value.get().isEmpty()) {
      throw options.invalid(key, "", "a topic name");
    }
    return value;
  }
}
