package io.millrace.kafka.source;

import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import org.apache.kafka.common.TopicPartition;

/**
 * The offset a new query starts from, resolved once and recorded in
 * {@code <metadataPath>/initial-offsets.json} at the first {@code latestOffset}, so that
 * {@code latest} (or a timestamp) means the same after a restart before the first batch as it
 * did when the query started (Spark's initial offsets log).
 */
final class InitialOffsets {
  static final String FILE = "initial-offsets.json";

  private final StartingOffsets starting;
  private final boolean latestWhenNoTimestampMatch;
  private final Storage storage;
  private final URI file;
  private KafkaSourceOffset resolved;
  private boolean recorded;

  InitialOffsets(KafkaSourceOptions options, Storage storage, URI metadataPath) {
    this.starting = options.starting;
    this.latestWhenNoTimestampMatch = options.latestWhenNoTimestampMatch;
    this.storage = storage;
    String dir = metadataPath.toString();
    this.file = URI.create((dir.endsWith("/") ? dir : dir + "/") + FILE);
  }

  /** The recorded offsets if any, else resolved now on {@code partitions} (memoized). */
  KafkaSourceOffset get(OffsetFetcher fetcher, SortedSet<TopicPartition> partitions) throws IOException {
    if (resolved == null) {
      if (storage.status(file).isPresent()) {
        resolved = KafkaSourceOffset.parse(new String(storage.readAll(file), StandardCharsets.UTF_8));
        recorded = true;
      } else {
        resolved = new KafkaSourceOffset(resolve(fetcher, partitions));
      }
    }
    return resolved;
  }

  /** Records the resolved offsets unless some are there (another instance won: then those count). */
  KafkaSourceOffset record(OffsetFetcher fetcher, SortedSet<TopicPartition> partitions) throws IOException {
    KafkaSourceOffset offsets = get(fetcher, partitions);
    if (!recorded) {
      if (!storage.createIfAbsent(file, offsets.json().getBytes(StandardCharsets.UTF_8))) {
        resolved = KafkaSourceOffset.parse(new String(storage.readAll(file), StandardCharsets.UTF_8));
      }
      recorded = true;
    }
    return resolved;
  }

  private Map<TopicPartition, Long> resolve(OffsetFetcher fetcher, SortedSet<TopicPartition> partitions) {
    if (starting instanceof StartingOffsets.Earliest) {
      return fetcher.earliest(partitions);
    }
    if (starting instanceof StartingOffsets.Latest) {
      return fetcher.latest(partitions);
    }
    if (starting instanceof StartingOffsets.Specific specific) {
      return specific(fetcher, partitions, specific.offsets());
    }
    Map<TopicPartition, Long> timestamps = new HashMap<>();
    if (starting instanceof StartingOffsets.AtTimestamp at) {
      partitions.forEach(tp -> timestamps.put(tp, at.timestampMs()));
    } else {
      SortedMap<TopicPartition, Long> given = ((StartingOffsets.ByTimestamp) starting).timestamps();
      requireEvery("startingOffsetsByTimestamp", given, partitions);
      partitions.forEach(tp -> timestamps.put(tp, given.get(tp)));
    }
    return byTimestamp(fetcher, timestamps);
  }

  private Map<TopicPartition, Long> specific(OffsetFetcher fetcher, SortedSet<TopicPartition> partitions,
      SortedMap<TopicPartition, Long> given) {
    requireEvery("startingOffsets", given, partitions);
    List<TopicPartition> earliest = new ArrayList<>();
    List<TopicPartition> latest = new ArrayList<>();
    Map<TopicPartition, Long> offsets = new HashMap<>();
    for (TopicPartition tp : partitions) {
      long offset = given.get(tp);
      if (offset == StartingOffsets.EARLIEST) {
        earliest.add(tp);
      } else if (offset == StartingOffsets.LATEST) {
        latest.add(tp);
      } else {
        offsets.put(tp, offset);
      }
    }
    offsets.putAll(fetcher.earliest(earliest));
    offsets.putAll(fetcher.latest(latest));
    return offsets;
  }

  private Map<TopicPartition, Long> byTimestamp(OffsetFetcher fetcher, Map<TopicPartition, Long> timestamps) {
    Map<TopicPartition, Long> offsets = new HashMap<>(fetcher.forTimestamps(timestamps));
    List<TopicPartition> none = offsets.entrySet().stream().filter(e -> e.getValue() < 0).map(Map.Entry::getKey)
        .sorted(PartitionOffsets.ORDER).toList();
    if (!none.isEmpty() && !latestWhenNoTimestampMatch) {
      TopicPartition first = none.get(0);
      throw new MillraceException("Kafka source: topic " + first.topic() + " partition " + first.partition()
          + " has no record at or after timestamp " + timestamps.get(first) + " (and " + (none.size() - 1)
          + " more partitions); set startingOffsetsByTimestampStrategy=latest to start those at their latest offset");
    }
    offsets.putAll(fetcher.latest(none));
    return offsets;
  }

  /** Spark's rule: a JSON start must name exactly the partitions read, so none is started by accident. */
  private static void requireEvery(String option, SortedMap<TopicPartition, Long> given,
      SortedSet<TopicPartition> partitions) {
    List<TopicPartition> missing = partitions.stream().filter(tp -> !given.containsKey(tp)).toList();
    List<TopicPartition> extra = given.keySet().stream().filter(tp -> !partitions.contains(tp)).toList();
    if (!missing.isEmpty() || !extra.isEmpty()) {
      throw new io.millrace.spi.InvalidOptionException(option, "option '" + option + "' of source 'kafka' must name"
          + " every partition read, and only those: " + (missing.isEmpty() ? "" : "missing " + missing)
          + (missing.isEmpty() || extra.isEmpty() ? "" : ", ") + (extra.isEmpty() ? "" : "not read " + extra)
          + " (use -2 for earliest, -1 for latest)");
    }
  }
}
