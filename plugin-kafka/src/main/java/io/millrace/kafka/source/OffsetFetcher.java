package io.millrace.kafka.source;

import io.millrace.spi.MillraceException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The source's questions to the cluster, through one lazily created {@link Admin}: which topics
 * and partitions exist, and their earliest, latest and by-timestamp offsets. Under
 * read_committed, "latest" is the last stable offset ({@code listOffsets} with
 * {@link IsolationLevel#READ_COMMITTED}): past it lie records of open transactions that a reader
 * cannot reach yet, and a range planned beyond it would never finish.
 */
final class OffsetFetcher implements AutoCloseable {
  private final KafkaSourceOptions options;
  private Admin admin;

  OffsetFetcher(KafkaSourceOptions options) {
    this.options = options;
  }

  String servers() {
    return "bootstrap servers '" + options.bootstrapServers + "'";
  }

  Set<String> topicNames() {
    return call("list topics", a -> a.listTopics().names());
  }

  /** The partition count of each of {@code topics} that exists; missing topics are left out. */
  Map<String, Integer> partitionCounts(Collection<String> topics) {
    Map<String, Integer> counts = new HashMap<>();
    if (topics.isEmpty()) {
      return counts;
    }
    Map<String, KafkaFuture<TopicDescription>> futures =
        call("describe topics " + topics, a -> KafkaFuture.completedFuture(a.describeTopics(topics).topicNameValues()));
    for (Map.Entry<String, KafkaFuture<TopicDescription>> e : futures.entrySet()) {
      try {
        counts.put(e.getKey(), await("describe topic '" + e.getKey() + "'", e.getValue()).partitions().size());
      } catch (MissingTopic missing) {
        // left out: the caller decides whether a missing topic is an error
      }
    }
    return counts;
  }

  Map<TopicPartition, Long> earliest(Collection<TopicPartition> partitions) {
    return list(partitions, tp -> OffsetSpec.earliest(), IsolationLevel.READ_UNCOMMITTED);
  }

  /** The end of what a reader of the configured isolation level can read: the LSO under read_committed. */
  Map<TopicPartition, Long> latest(Collection<TopicPartition> partitions) {
    return list(partitions, tp -> OffsetSpec.latest(),
        options.readCommitted ? IsolationLevel.READ_COMMITTED : IsolationLevel.READ_UNCOMMITTED);
  }

  /** The first offset at or after each timestamp (ms), or -1 where there is none. */
  Map<TopicPartition, Long> forTimestamps(Map<TopicPartition, Long> timestamps) {
    return list(timestamps.keySet(), tp -> OffsetSpec.forTimestamp(timestamps.get(tp)),
        options.readCommitted ? IsolationLevel.READ_COMMITTED : IsolationLevel.READ_UNCOMMITTED);
  }

  /** Best effort, for {@code commitOffsetsToGroup}; throws what the cluster answered. */
  void commitToGroup(String group, Map<TopicPartition, Long> next) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    next.forEach((tp, offset) -> offsets.put(tp, new OffsetAndMetadata(offset)));
    call("commit offsets to group '" + group + "'", a -> a.alterConsumerGroupOffsets(group, offsets).all());
  }

  private Map<TopicPartition, Long> list(Collection<TopicPartition> partitions, Function<TopicPartition, OffsetSpec> spec,
      IsolationLevel isolation) {
    Map<TopicPartition, Long> offsets = new HashMap<>();
    if (partitions.isEmpty()) {
      return offsets;
    }
    Map<TopicPartition, OffsetSpec> specs = new HashMap<>();
    partitions.forEach(tp -> specs.put(tp, spec.apply(tp)));
    Map<TopicPartition, ListOffsetsResultInfo> infos =
        call("list offsets of " + partitions, a -> a.listOffsets(specs, new ListOffsetsOptions(isolation)).all());
    infos.forEach((tp, info) -> offsets.put(tp, info.offset()));
    return offsets;
  }

  /** Runs one admin request, retrying retriable errors {@code fetchOffset.numRetries} times. */
  private <T> T call(String what, Function<Admin, KafkaFuture<T>> request) {
    for (int attempt = 0; ; attempt++) {
      try {
        return await(what, request.apply(admin()));
      } catch (Retriable e) {
        if (attempt >= options.fetchRetries) {
          throw new MillraceException("Kafka source: cannot " + what + " on " + servers() + " after "
              + (attempt + 1) + " attempts (fetchOffset.numRetries): " + e.getCause(), e.getCause());
        }
        sleep(options.fetchRetryIntervalMs);
      }
    }
  }

  private <T> T await(String what, KafkaFuture<T> future) {
    try {
      return future.get(options.apiTimeoutMs + 1_000, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw unreachable(what, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MillraceException("Kafka source: interrupted while asking " + servers() + " to " + what, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof UnknownTopicOrPartitionException) {
        throw new MissingTopic(cause);
      }
      if (cause instanceof org.apache.kafka.common.errors.TimeoutException) {
        throw unreachable(what, cause);
      }
      if (cause instanceof RetriableException) {
        throw new Retriable(cause);
      }
      throw new MillraceException("Kafka source: cannot " + what + " on " + servers() + ": " + cause, cause);
    }
  }

  private MillraceException unreachable(String what, Throwable cause) {
    return new MillraceException("Kafka source: cannot reach " + servers() + " within " + options.apiTimeoutMs
        + " ms (kafka.default.api.timeout.ms) to " + what + ": " + cause.getMessage(), cause);
  }

  private synchronized Admin admin() {
    if (admin == null) {
      admin = Admin.create(options.adminProperties());
    }
    return admin;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MillraceException("Kafka source: interrupted between retries", e);
    }
  }

  @Override
  public synchronized void close() {
    if (admin != null) {
      admin.close(java.time.Duration.ofSeconds(5));
      admin = null;
    }
  }

  private static final class Retriable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Retriable(Throwable cause) {
      super(cause);
    }
  }

  private static final class MissingTopic extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingTopic(Throwable cause) {
      super(cause);
    }
  }
}
