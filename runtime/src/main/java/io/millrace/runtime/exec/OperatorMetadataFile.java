package io.millrace.runtime.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.millrace.api.AnalysisException;
import io.millrace.runtime.checkpoint.ChecksummedText;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.Optional;

/**
 * {@code state/<id>/_metadata}: what stateful operator {@code id} of the plan is — its id,
 * kind, name, key and value schemas and number of state partitions — recorded when it first
 * opens its state. A restart whose plan puts another operator at that id (say, a query that now
 * aggregates where it deduplicated) is refused before anything is read, naming the file and
 * both operators. The schemas' compatibility is decided by {@code state/<id>/_schema}, which
 * checkpoints of every release have; this file says what they belong to. Checkpoints written
 * before it existed get it at their next start.
 */
final class OperatorMetadataFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private OperatorMetadataFile() {}

  static URI path(URI checkpoint, int operatorId) {
    return checkpoint.resolve("state/" + operatorId + "/_metadata");
  }

  /** Fails, writing nothing, if the file records another operator. */
  static void check(Storage storage, URI checkpoint, StatefulExec op, int partitions) throws IOException {
    Optional<JsonNode> recorded = read(storage, path(checkpoint, op.operatorId()));
    if (recorded.isPresent()) {
      compare(path(checkpoint, op.operatorId()), recorded.get(), op, partitions);
    }
  }

  /** Records the operator at its first start; checks the record on every later one. */
  static void record(Storage storage, URI checkpoint, StatefulExec op, int partitions) throws IOException {
    URI path = path(checkpoint, op.operatorId());
    ObjectNode node = JSON.createObjectNode()
        .put("operatorId", op.operatorId())
        .put("kind", op.kind())
        .put("name", op.name())
        .put("key", op.keySchema().toDdl())
        .put("value", op.valueSchema().toDdl())
        .put("partitions", partitions);
    if (!storage.createIfAbsent(path, ChecksummedText.seal(node.toString() + "\n"))) {
      check(storage, checkpoint, op, partitions);
    }
  }

  private static Optional<JsonNode> read(Storage storage, URI path) throws IOException {
    String text;
    try {
      text = ChecksummedText.open(path.toString(), storage.readAll(path));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    try {
      JsonNode node = JSON.readTree(text);
      for (String field : new String[] {"operatorId", "kind", "name", "partitions"}) {
        if (!node.hasNonNull(field)) {
          throw new CorruptFileException(path.toString(), "no '" + field + "' in operator metadata");
        }
      }
      return Optional.of(node);
    } catch (IOException e) {
      throw new CorruptFileException(path.toString(), "not operator metadata: " + e.getMessage(), e);
    }
  }

  private static void compare(URI path, JsonNode recorded, StatefulExec op, int partitions) {
    String was = recorded.get("kind").asText() + " '" + recorded.get("name").asText() + "'";
    String now = op.kind() + " '" + op.name() + "'";
    if (recorded.get("operatorId").asInt() != op.operatorId() || !was.equals(now)) {
      throw new AnalysisException(path + " records operator " + recorded.get("operatorId").asInt() + " as " + was
          + ", but this query's operator " + op.operatorId() + " is " + now + ": the query's stateful operators "
          + "changed, and its state would be read by the wrong operator; use a new checkpointLocation");
    }
    if (recorded.get("partitions").asInt() != partitions) {
      throw new AnalysisException(path + " records operator " + op.operatorId() + " with "
          + recorded.get("partitions").asInt() + " state partitions, but this run has " + partitions
          + "; the number of partitions is fixed by the checkpoint");
    }
  }
}
