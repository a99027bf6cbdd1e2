package io.millrace.kafka.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.spi.InvalidOptionException;
import io.millrace.spi.MillraceException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.kafka.common.TopicPartition;

/**
 * Which partitions the source reads, resolved again at every batch so that new partitions (and,
 * under {@code subscribePattern}, new topics) join at the next one.
 */
sealed interface TopicSelector {

  /**
   * The partitions to read now. On the {@code first} call, a topic that {@code subscribe} or
   * {@code assign} names and the cluster does not have fails the query (Spark waits silently,
   * and a typo in a topic name then looks like an idle stream); later, a topic that went away
   * drops out and its partitions count as data loss.
   */
  SortedSet<TopicPartition> resolve(OffsetFetcher fetcher, boolean first);

  /** {@code subscribe}: a comma-separated list of topics, all of their partitions. */
  record Subscribe(List<String> topics) implements TopicSelector {
    @Override
    public SortedSet<TopicPartition> resolve(OffsetFetcher fetcher, boolean first) {
      Map<String, Integer> found = fetcher.partitionCounts(topics);
      List<String> missing = topics.stream().filter(t -> !found.containsKey(t)).toList();
      if (first && !missing.isEmpty()) {
        throw new MillraceException("Kafka source: topic(s) " + missing + " of option 'subscribe' do not exist on "
            + fetcher.servers() + "; create them first (the source does not create topics)");
      }
      return allPartitions(found);
    }
  }

  /** {@code subscribePattern}: every topic whose whole name matches the Java regular expression. */
  record SubscribePattern(Pattern pattern) implements TopicSelector {
    @Override
    public SortedSet<TopicPartition> resolve(OffsetFetcher fetcher, boolean first) {
      List<String> topics = fetcher.topicNames().stream().filter(t -> pattern.matcher(t).matches()).sorted().toList();
      return allPartitions(fetcher.partitionCounts(topics));
    }
  }

  /** {@code assign}: exactly the partitions named, {@code {"topicA":[0,1],"topicB":[2,4]}}. */
  record Assign(SortedSet<TopicPartition> partitions) implements TopicSelector {
    @Override
    public SortedSet<TopicPartition> resolve(OffsetFetcher fetcher, boolean first) {
      Map<String, Integer> found = fetcher.partitionCounts(partitions.stream().map(TopicPartition::topic).distinct().toList());
      SortedSet<TopicPartition> present = new TreeSet<>(PartitionOffsets.ORDER);
      List<TopicPartition> missing = new ArrayList<>();
      for (TopicPartition tp : partitions) {
        Integer count = found.get(tp.topic());
        if (count != null && tp.partition() < count) {
          present.add(tp);
        } else {
          missing.add(tp);
        }
      }
      if (first && !missing.isEmpty()) {
        throw new MillraceException("Kafka source: partition(s) " + missing + " of option 'assign' do not exist on "
            + fetcher.servers());
      }
      return present;
    }
  }

  private static SortedSet<TopicPartition> allPartitions(Map<String, Integer> counts) {
    SortedSet<TopicPartition> all = new TreeSet<>(PartitionOffsets.ORDER);
    counts.forEach((topic, count) -> {
      for (int p = 0; p < count; p++) {
        all.add(new TopicPartition(topic, p));
      }
    });
    return all;
  }

  /** The one selector the options name; exactly one of the three must be set. */
  static TopicSelector of(io.millrace.spi.Options options) {
    List<String> given = new ArrayList<>();
    for (String key : List.of("subscribe", "subscribePattern", "assign")) {
      if (options.contains(key)) {
        given.add(key);
      }
    }
    if (given.size() != 1) {
      throw new InvalidOptionException(given.isEmpty() ? "subscribe" : given.get(1), "Kafka source: set exactly one of"
          + " the options 'subscribe', 'subscribePattern' and 'assign'" + (given.isEmpty() ? "" : "; got " + given));
    }
    String key = given.get(0);
    String value = options.require(key).trim();
    switch (key) {
      case "subscribe": {
        List<String> topics = new ArrayList<>();
        for (String t : value.split(",")) {
          if (!t.isBlank()) {
            topics.add(t.trim());
          }
        }
        if (topics.isEmpty()) {
          throw options.invalid(key, value, "a comma-separated list of topic names");
        }
        return new Subscribe(List.copyOf(topics));
      }
      case "subscribePattern":
        try {
          return new SubscribePattern(Pattern.compile(value));
        } catch (PatternSyntaxException e) {
          throw options.invalid(key, value, "a Java regular expression (" + e.getDescription() + ")");
        }
      default:
        return new Assign(parseAssign(options, value));
    }
  }

  private static SortedSet<TopicPartition> parseAssign(io.millrace.spi.Options options, String value) {
    String expected = "JSON of topics and their partitions, such as {\"topicA\":[0,1],\"topicB\":[2,4]}";
    SortedSet<TopicPartition> partitions = new TreeSet<>(PartitionOffsets.ORDER);
    try {
      JsonNode root = new ObjectMapper().readTree(value);
      if (root == null || !root.isObject()) {
        throw options.invalid("assign", value, expected);
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> topic = it.next();
        if (!topic.getValue().isArray()) {
          throw options.invalid("assign", value, expected);
        }
        for (JsonNode p : topic.getValue()) {
          if (!p.isInt() || p.intValue() < 0) {
            throw options.invalid("assign", value, expected + " (partition " + p + " of topic '" + topic.getKey() + "')");
          }
          partitions.add(new TopicPartition(topic.getKey(), p.intValue()));
        }
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw options.invalid("assign", value, expected);
    }
    if (partitions.isEmpty()) {
      throw options.invalid("assign", value, expected + " naming at least one partition");
    }
    return java.util.Collections.unmodifiableSortedSet(partitions);
  }
}
