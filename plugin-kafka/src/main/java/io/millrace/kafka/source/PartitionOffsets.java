package io.millrace.kafka.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.millrace.spi.MillraceException;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * A number per topic partition in Spark's JSON form, {@code {"topicA":{"0":23,"1":-1}}}: the
 * offsets of the checkpoint and of {@code startingOffsets}, and the timestamps of
 * {@code startingOffsetsByTimestamp}. Topics and partitions are written sorted (partitions
 * numerically) with no spaces, so equal maps give byte-identical JSON, which is how the runtime
 * compares offsets.
 */
final class PartitionOffsets {
  static final Comparator<TopicPartition> ORDER =
      Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FORM = "{\"topicA\":{\"0\":23,\"1\":-1},\"topicB\":{\"0\":-2}}";

  private PartitionOffsets() {}

  static SortedMap<TopicPartition, Long> sorted(Map<TopicPartition, Long> values) {
    SortedMap<TopicPartition, Long> sorted = new TreeMap<>(ORDER);
    sorted.putAll(values);
    return Collections.unmodifiableSortedMap(sorted);
  }

  static String toJson(SortedMap<TopicPartition, Long> values) {
    ObjectNode root = JSON.createObjectNode();
    values.forEach((tp, value) -> {
      ObjectNode topic = root.has(tp.topic()) ? (ObjectNode) root.get(tp.topic()) : root.putObject(tp.topic());
      topic.put(Integer.toString(tp.partition()), value);
    });
    return root.toString();
  }

  /**
   * Parses {@code text}; {@code what} names where it came from (an option, the checkpoint) for
   * the error, which shows the text and the expected form.
   */
  static SortedMap<TopicPartition, Long> parse(String what, String text) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw bad(what, text, "it is not JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw bad(what, text, "it is not a JSON object of topics");
    }
    SortedMap<TopicPartition, Long> values = new TreeMap<>(ORDER);
    for (Iterator<Map.Entry<String, JsonNode>> topics = root.fields(); topics.hasNext(); ) {
      Map.Entry<String, JsonNode> topic = topics.next();
      if (!topic.getValue().isObject()) {
        throw bad(what, text, "topic '" + topic.getKey() + "' maps to " + topic.getValue() + ", not an object of partitions");
      }
      for (Iterator<Map.Entry<String, JsonNode>> parts = topic.getValue().fields(); parts.hasNext(); ) {
        Map.Entry<String, JsonNode> part = parts.next();
        int partition;
        try {
          partition = Integer.parseInt(part.getKey());
        } catch (NumberFormatException e) {
          throw bad(what, text, "partition '" + part.getKey() + "' of topic '" + topic.getKey() + "' is not a number");
        }
        if (partition < 0 || !part.getValue().canConvertToLong() || !part.getValue().isIntegralNumber()) {
          throw bad(what, text, "topic '" + topic.getKey() + "' partition '" + part.getKey() + "' has "
              + part.getValue() + ", not a whole number for a partition >= 0");
        }
        values.put(new TopicPartition(topic.getKey(), partition), part.getValue().longValue());
      }
    }
    return Collections.unmodifiableSortedMap(values);
  }

  private static MillraceException bad(String what, String text, String why) {
    return new MillraceException("Kafka source: " + what + " '" + text + "' cannot be read: " + why
        + "; expected the form " + FORM);
  }
}
