package io.millrace.kafka.source;

import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.Options;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SortedMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.TopicPartition;

/**
 * The source's options, with Spark's names, all read and checked when the source is created.
 * {@code kafka.<name>} options go to the consumer and admin client as {@code <name>}, except the
 * ones the source must own (Spark refuses the same).
 */
final class KafkaSourceOptions {
  /** Spark's refused keys: the source seeks, deserializes and commits itself. */
  static final List<String> FORBIDDEN = List.of("auto.offset.reset", "key.deserializer", "value.deserializer",
      "enable.auto.commit", "interceptor.classes");
  private static final int DEFAULT_MAX_POLL_RECORDS = 10_000;
  private static final int DEFAULT_PARTITION_FETCH_BYTES = 8 << 20;

  final TopicSelector selector;
  final StartingOffsets starting;
  /** {@code endingOffsets} as JSON: caps what any batch reaches; empty for "latest". */
  final Optional<SortedMap<TopicPartition, Long>> ending;
  final boolean latestWhenNoTimestampMatch;
  final OptionalLong maxOffsetsPerTrigger;
  final OptionalLong minOffsetsPerTrigger;
  final Duration maxTriggerDelay;
  final OptionalInt minPartitions;
  final boolean failOnDataLoss;
  final boolean includeHeaders;
  final long pollTimeoutMs;
  final int fetchRetries;
  final long fetchRetryIntervalMs;
  final boolean commitOffsetsToGroup;
  final String groupIdPrefix;
  final Optional<String> groupId;
  final boolean readCommitted;
  final String bootstrapServers;
  final long apiTimeoutMs;
  /** The {@code kafka.*} options, prefix removed. */
  private final Map<String, String> kafka;

  private KafkaSourceOptions(Options o) {
    kafka = kafkaParams(o);
    bootstrapServers = kafka.get("bootstrap.servers");
    if (bootstrapServers == null || bootstrapServers.isBlank()) {
      throw new InvalidOptionException("kafka.bootstrap.servers", "option 'kafka.bootstrap.servers' of " + o.owner()
          + " is required (host:port of the brokers)");
    }
    selector = TopicSelector.of(o);
    starting = starting(o);
    ending = o.get("endingOffsets").map(v -> ending(o, v.trim()));
    String strategy = o.getString("startingOffsetsByTimestampStrategy", "error").trim().toLowerCase(Locale.ROOT);
    if (!strategy.equals("error") && !strategy.equals("latest")) {
      throw o.invalid("startingOffsetsByTimestampStrategy", strategy, "error or latest");
    }
    latestWhenNoTimestampMatch = strategy.equals("latest");
    maxOffsetsPerTrigger = positive(o, "maxOffsetsPerTrigger");
    minOffsetsPerTrigger = positive(o, "minOffsetsPerTrigger");
    maxTriggerDelay = o.getDuration("maxTriggerDelay", Duration.ofMinutes(15));
    OptionalLong parts = positive(o, "minPartitions");
    minPartitions = parts.isPresent() ? OptionalInt.of(o.getInt("minPartitions", 1, 1)) : OptionalInt.empty();
    failOnDataLoss = o.getBoolean("failOnDataLoss", true);
    includeHeaders = o.getBoolean("includeHeaders", false);
    pollTimeoutMs = o.getLong("kafkaConsumer.pollTimeoutMs", 120_000, 1);
    fetchRetries = o.getInt("fetchOffset.numRetries", 3, 0);
    fetchRetryIntervalMs = o.getLong("fetchOffset.retryIntervalMs", 10, 0);
    commitOffsetsToGroup = o.getBoolean("commitOffsetsToGroup", false);
    groupIdPrefix = o.getString("groupIdPrefix", "millrace-kafka-source");
    groupId = Optional.ofNullable(kafka.get("group.id"));
    String isolation = kafka.getOrDefault("isolation.level", "read_committed").trim().toLowerCase(Locale.ROOT);
    if (!isolation.equals("read_committed") && !isolation.equals("read_uncommitted")) {
      throw o.invalid("kafka.isolation.level", isolation, "read_committed or read_uncommitted");
    }
    readCommitted = isolation.equals("read_committed");
    apiTimeoutMs = kafkaLong(o, "default.api.timeout.ms", 60_000);
  }

  static KafkaSourceOptions read(Options options) {
    return new KafkaSourceOptions(options);
  }

  /** Properties of every consumer a reader borrows: bytes as they are, large fetches, no commits. */
  Map<String, Object> consumerProperties() {
    Map<String, Object> p = new HashMap<>(kafka);
    p.remove("group.id"); // readers assign and seek; a group would only add a coordinator
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none"); // an offset that aged out is data loss, not a silent jump
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, readCommitted ? "read_committed" : "read_uncommitted");
    p.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(DEFAULT_MAX_POLL_RECORDS));
    p.putIfAbsent(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(DEFAULT_PARTITION_FETCH_BYTES));
    p.putIfAbsent(ConsumerConfig.RECEIVE_BUFFER_CONFIG, Integer.toString(1 << 20));
    // A reader only asks for offsets below the LSO it was planned with, so the broker never has to
    // wait for data; but the consumer prefetches past a range's end, and the next reader of the
    // pooled consumer waits for that fetch (500 ms by default) before its own goes out.
    p.putIfAbsent(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10");
    return p;
  }

  /** Properties of the admin client: the {@code kafka.*} options it knows, with a bounded wait. */
  Map<String, Object> adminProperties() {
    Map<String, Object> p = new HashMap<>();
    Map<String, Object> known = org.apache.kafka.clients.admin.AdminClientConfig.configDef().defaultValues();
    kafka.forEach((k, v) -> {
      if (known.containsKey(k) || k.startsWith("sasl.") || k.startsWith("ssl.") || k.equals("security.protocol")) {
        p.put(k, v);
      }
    });
    p.put("default.api.timeout.ms", Long.toString(apiTimeoutMs));
    if (!kafka.containsKey("request.timeout.ms") && apiTimeoutMs < 30_000) {
      p.put("request.timeout.ms", Long.toString(apiTimeoutMs)); // the client refuses an api timeout below it
    }
    return p;
  }

  /** The group {@code commitOffsetsToGroup} writes to: {@code kafka.group.id}, else {@code <groupIdPrefix>-<queryId>}. */
  String commitGroup(String queryId) {
    return groupId.orElse(groupIdPrefix + "-" + queryId);
  }

  private static Map<String, String> kafkaParams(Options o) {
    Map<String, String> params = new HashMap<>();
    o.asMap().forEach((key, value) -> {
      if (key.toLowerCase(Locale.ROOT).startsWith("kafka.")) {
        String name = key.substring("kafka.".length());
        if (FORBIDDEN.contains(name.toLowerCase(Locale.ROOT))) {
          throw new InvalidOptionException(key, "option '" + key + "' of " + o.owner() + " is not allowed: the Kafka"
              + " source sets " + name + " itself (" + why(name) + ")");
        }
        params.put(name, value);
      }
    });
    return params;
  }

  private static String why(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "auto.offset.reset":
        return "use startingOffsets; offsets that aged out follow failOnDataLoss";
      case "key.deserializer":
      case "value.deserializer":
        return "keys and values are read as bytes; turn them into columns in the query, e.g. CAST(value AS STRING)";
      case "enable.auto.commit":
        return "the checkpoint holds the offsets; commitOffsetsToGroup=true also writes them to a group for monitoring";
      default:
        return "interceptors would see records the query may read again on a replay";
    }
  }

  private static StartingOffsets starting(Options o) {
    if (o.contains("startingTimestamp")) {
      return new StartingOffsets.AtTimestamp(o.getLong("startingTimestamp", 0, 0));
    }
    if (o.contains("startingOffsetsByTimestamp")) {
      return new StartingOffsets.ByTimestamp(
          PartitionOffsets.parse("option 'startingOffsetsByTimestamp'", o.require("startingOffsetsByTimestamp")));
    }
    String value = o.getString("startingOffsets", "latest").trim();
    switch (value.toLowerCase(Locale.ROOT)) {
      case "earliest":
        return new StartingOffsets.Earliest();
      case "latest":
        return new StartingOffsets.Latest();
      default:
        if (!value.startsWith("{")) {
          throw o.invalid("startingOffsets", value, "earliest, latest or JSON such as {\"topicA\":{\"0\":23,\"1\":-2}}");
        }
        SortedMap<TopicPartition, Long> offsets = PartitionOffsets.parse("option 'startingOffsets'", value);
        offsets.forEach((tp, offset) -> {
          if (offset < StartingOffsets.EARLIEST) {
            throw o.invalid("startingOffsets", value, "offsets >= 0, or -2 (earliest) or -1 (latest); " + tp + " has " + offset);
          }
        });
        return new StartingOffsets.Specific(offsets);
    }
  }

  private static SortedMap<TopicPartition, Long> ending(Options o, String value) {
    if (value.equalsIgnoreCase("latest")) {
      return null;
    }
    if (!value.startsWith("{")) {
      throw o.invalid("endingOffsets", value, "latest or JSON such as {\"topicA\":{\"0\":23,\"1\":-1}}");
    }
    SortedMap<TopicPartition, Long> offsets = PartitionOffsets.parse("option 'endingOffsets'", value);
    offsets.forEach((tp, offset) -> {
      if (offset < StartingOffsets.LATEST) {
        throw o.invalid("endingOffsets", value, "offsets >= 0 or -1 (latest); " + tp + " has " + offset
            + " (earliest cannot end a stream)");
      }
    });
    return offsets;
  }

  private static OptionalLong positive(Options o, String key) {
    return o.contains(key) ? OptionalLong.of(o.getLong(key, 1, 1)) : OptionalLong.empty();
  }

  private static long kafkaLong(Options o, String name, long defaultValue) {
    return o.getLong("kafka." + name, defaultValue, 1);
  }
}
