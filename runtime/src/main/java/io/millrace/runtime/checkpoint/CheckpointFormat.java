package io.millrace.runtime.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The text of checkpoint files, in Spark's layout: a version line, a JSON metadata line, and
 * for offsets one line per source. Parsing failures are {@link CorruptFileException}s naming
 * the file.
 */
final class CheckpointFormat {
  static final int VERSION = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  private CheckpointFormat() {}

  static String metadata(String queryId) {
    return JSON.createObjectNode().put("id", queryId).toString() + "\n";
  }

  static String parseMetadata(String path, String payload) {
    JsonNode node = parseJson(path, payload.trim());
    JsonNode id = node.get("id");
    if (id == null || !id.isTextual() || id.asText().isBlank()) {
      throw new CorruptFileException(path, "no query id in '" + payload.trim() + "'");
    }
    return id.asText();
  }

  static String offsets(OffsetSeq seq) {
    ObjectNode meta = JSON.createObjectNode();
    meta.put("batchWatermarkMs", seq.batchWatermarkMs());
    meta.put("batchTimestampMs", seq.batchTimestampMs());
    meta.set("conf", JSON.valueToTree(new TreeMap<>(seq.conf())));
    if (!seq.sourceNames().isEmpty()) {
      meta.set("sources", JSON.valueToTree(seq.sourceNames()));
    }
    StringBuilder out = new StringBuilder("v" + VERSION + "\n").append(meta).append('\n');
    for (int i = 0; i < seq.sourceOffsets().size(); i++) {
      String offset = seq.sourceOffsets().get(i);
      if (offset.indexOf('\n') >= 0 || offset.indexOf('\r') >= 0) {
        throw new MillraceException("source " + i + " produced an offset with a line break: " + offset);
      }
      out.append(offset).append('\n');
    }
    return out.toString();
  }

  static OffsetSeq parseOffsets(String path, String payload) {
    List<String> lines = lines(payload);
    checkVersion(path, lines);
    if (lines.size() < 2) {
      throw new CorruptFileException(path, "no metadata line");
    }
    JsonNode meta = parseJson(path, lines.get(1));
    Map<String, String> conf;
    try {
      conf = meta.has("conf")
          ? JSON.convertValue(meta.get("conf"), new TypeReference<Map<String, String>>() {})
          : Map.of();
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(path, "malformed conf: " + e.getMessage(), e);
    }
    List<String> sources;
    try {
      sources = meta.has("sources")
          ? JSON.convertValue(meta.get("sources"), new TypeReference<List<String>>() {})
          : List.of();
    } catch (IllegalArgumentException e) {
      throw new CorruptFileException(path, "malformed sources: " + e.getMessage(), e);
    }
    return new OffsetSeq(
        requireLong(path, meta, "batchWatermarkMs"),
        requireLong(path, meta, "batchTimestampMs"),
        conf,
        new ArrayList<>(lines.subList(2, lines.size())),
        sources);
  }

  static String commit(CommitEntry entry) {
    return "v" + VERSION + "\n" + JSON.createObjectNode().put("nextBatchWatermarkMs", entry.nextBatchWatermarkMs()) + "\n";
  }

  static CommitEntry parseCommit(String path, String payload) {
    List<String> lines = lines(payload);
    checkVersion(path, lines);
    if (lines.size() < 2) {
      throw new CorruptFileException(path, "no metadata line");
    }
    return new CommitEntry(requireLong(path, parseJson(path, lines.get(1)), "nextBatchWatermarkMs"));
  }

  private static List<String> lines(String payload) {
    List<String> lines = new ArrayList<>(List.of(payload.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  private static void checkVersion(String path, List<String> lines) {
    String first = lines.isEmpty() ? "" : lines.get(0);
    if (!first.matches("v\\d+")) {
      throw new CorruptFileException(path, "expected a version line such as 'v1', found '" + first + "'");
    }
    int version = Integer.parseInt(first.substring(1));
    if (version > VERSION) {
      throw new MillraceException("checkpoint file " + path + " has format v" + version
          + ", written by a newer Millrace; this version reads up to v" + VERSION + ": upgrade Millrace");
    }
  }

  private static JsonNode parseJson(String path, String text) {
    try {
      JsonNode node = JSON.readTree(text);
      if (node == null || !node.isObject()) {
        throw new CorruptFileException(path, "expected a JSON object, found '" + text + "'");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new CorruptFileException(path, "malformed JSON '" + text + "': " + e.getOriginalMessage(), e);
    }
  }

  private static long requireLong(String path, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.canConvertToLong() || !value.isIntegralNumber()) {
      throw new CorruptFileException(path, "field '" + field + "' is missing or not a whole number in " + node);
    }
    return value.asLong();
  }
}
