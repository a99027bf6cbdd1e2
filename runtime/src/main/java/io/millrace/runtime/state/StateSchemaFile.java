package io.millrace.runtime.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.millrace.api.AnalysisException;
import io.millrace.runtime.checkpoint.ChecksummedText;
import io.millrace.runtime.checkpoint.StorageTree;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Schema;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.Optional;

/**
 * {@code state/<op>/_schema}: the key and value schema a stateful operator's state was written
 * with, recorded at the first run. A restart whose operator would read that state under another
 * schema fails before the first batch. Unlike Spark, field names count: grouping by another
 * column of the same type must not reuse the old column's state under a new meaning. A
 * deduplication reads its key in the recorded field order when the fields are the same (see
 * {@code DeduplicationPlan.inKeyOrderOf}), so reordering its columns is no change.
 */
final class StateSchemaFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private StateSchemaFile() {}

  /** Fails if a schema is recorded and differs; writes nothing. */
  static void check(Storage storage, URI operatorDir, String operator, Schema key, Schema value) throws IOException {
    URI path = operatorDir.resolve("_schema");
    try {
      compareWith(path, ChecksummedText.open(path.toString(), storage.readAll(path)), operator, key, value);
    } catch (NoSuchFileException e) {
      refuseStateWithoutSchema(storage, operatorDir, path, operator);
    }
  }

  /** The key schema recorded in {@code operatorDir}, if one is. */
  static Optional<Schema> recordedKey(Storage storage, URI operatorDir) throws IOException {
    URI path = operatorDir.resolve("_schema");
    String recorded;
    try {
      recorded = ChecksummedText.open(path.toString(), storage.readAll(path));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    try {
      return Optional.of(Schema.parse(JSON.readTree(recorded).get("key").asText()));
    } catch (IOException | RuntimeException e) {
      throw new CorruptFileException(path.toString(), "not a state schema: " + e.getMessage(), e);
    }
  }

  /**
   * Records the schema at the first run, or checks it against the recorded one. Called once
   * the operator's stores opened, after {@link #check} refused state without a schema, so a
   * start that fails before (a store that cannot open, say) leaves no schema that would bind
   * the checkpoint to a query that never ran.
   */
  static void record(Storage storage, URI operatorDir, String operator, Schema key, Schema value) throws IOException {
    URI path = operatorDir.resolve("_schema");
    String text = JSON.createObjectNode().put("operator", operator).put("key", key.toDdl()).put("value", value.toDdl())
        .toString() + "\n";
    if (storage.createIfAbsent(path, ChecksummedText.seal(text))) {
      return;
    }
    compareWith(path, ChecksummedText.open(path.toString(), storage.readAll(path)), operator, key, value);
  }

  /**
   * No schema is recorded: a first run, unless state was written. The schema is recorded
   * before the first batch commits any state, so state without it means the file was lost, and recording this
   * query's schema now would read that state unchecked. State is what the stores keep in
   * their directories, {@code state/<op>/<partition>/} and below (the provider's own layout:
   * version files, shared files, named stores); a directory with no file in it is no state.
   */
  private static void refuseStateWithoutSchema(Storage storage, URI operatorDir, URI path, String operator)
      throws IOException {
    for (FileInfo child : storage.list(operatorDir)) {
      if (!child.directory() || !child.name().chars().allMatch(Character::isDigit)) {
        continue;
      }
      Optional<URI> state = StorageTree.anyFile(storage, child.path());
      if (state.isPresent()) {
        throw new MillraceException("the state of operator " + operator + " in " + operatorDir
            + " has no schema file: " + path + " is missing, but state was written (" + state.get()
            + "). Without the schema this query cannot check that it reads that state with the meaning it was "
            + "written with; restore " + path + " from a backup, or give the query a new checkpointLocation");
      }
    }
  }

  private static void compareWith(URI path, String recorded, String operator, Schema key, Schema value) {
    JsonNode node;
    Schema oldKey;
    Schema oldValue;
    try {
      node = JSON.readTree(recorded);
      oldKey = Schema.parse(node.get("key").asText());
      oldValue = Schema.parse(node.get("value").asText());
    } catch (IOException | RuntimeException e) {
      throw new CorruptFileException(path.toString(), "not a state schema: " + e.getMessage(), e);
    }
    compare(path, node.path("operator").asText(operator), operator, "key", oldKey, key);
    compare(path, node.path("operator").asText(operator), operator, "value", oldValue, value);
  }

  private static void compare(URI path, String oldOperator, String operator, String part, Schema old, Schema now) {
    if (old.equals(now)) {
      return;
    }
    throw new AnalysisException("the state of operator " + operator + " in " + path + " was written with " + part
        + " schema [" + old.toDdl() + "] but this query's " + part + " schema is [" + now.toDdl() + "]: "
        + firstDifference(old, now) + (oldOperator.equals(operator) ? "" : " (the state belongs to " + oldOperator + ")")
        + ". The query changed in a way that would read old state under a new meaning; use a new checkpointLocation");
  }

  private static String firstDifference(Schema old, Schema now) {
    int n = Math.min(old.size(), now.size());
    for (int i = 0; i < n; i++) {
      Field a = old.field(i);
      Field b = now.field(i);
      if (!a.equals(b)) {
        return "field " + (i + 1) + " was '" + a + "' and is now '" + b + "'";
      }
    }
    return old.size() > now.size()
        ? "field '" + old.field(n) + "' is gone"
        : "field '" + now.field(n) + "' is new";
  }
}
