package io.millrace.runtime.state.keyed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.millrace.api.AnalysisException;
import io.millrace.runtime.checkpoint.ChecksummedText;
import io.millrace.runtime.checkpoint.StorageTree;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.MillraceException;
import io.millrace.spi.storage.FileInfo;
import io.millrace.spi.storage.Storage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state/<op>/_keyedState}: the keyed state an operator's checkpoint was written with (its
 * grouping key, each variable's name, kind and schemas, whether it has timers), recorded before
 * the first batch commits. A restart that declares anything else is refused before the first
 * batch, naming what differs: a changed schema would read old bytes under a new meaning (a LONG
 * read as a DOUBLE decodes without an error), and a variable added or dropped has no store, or
 * a store nobody reads.
 */
final class KeyedStateSchemaFile {
  static final String NAME = "_keyedState";
  private static final ObjectMapper JSON = new ObjectMapper();

  private KeyedStateSchemaFile() {}

  /** Fails if a declaration is recorded and differs, or if state was written without one; writes nothing. */
  static void check(Storage storage, URI operatorDir, KeyedStateSpec spec) throws IOException {
    URI path = operatorDir.resolve(NAME);
    Optional<String> recorded = read(storage, path);
    if (recorded.isPresent()) {
      compare(path, recorded.get(), spec);
    } else {
      refuseStateWithoutRecord(storage, operatorDir, path, spec);
    }
  }

  /** Records the declaration at the first run, or checks it against the recorded one. */
  static void record(Storage storage, URI operatorDir, KeyedStateSpec spec) throws IOException {
    URI path = operatorDir.resolve(NAME);
    if (!storage.createIfAbsent(path, ChecksummedText.seal(describe(spec).toString() + "\n"))) {
      compare(path, read(storage, path).orElseThrow(), spec);
    }
  }

  /** Whether an earlier run recorded the operator's declaration. */
  static boolean exists(Storage storage, URI operatorDir) throws IOException {
    return read(storage, operatorDir.resolve(NAME)).isPresent();
  }

  private static Optional<String> read(Storage storage, URI path) throws IOException {
    try {
      return Optional.of(ChecksummedText.open(path.toString(), storage.readAll(path)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private static ObjectNode describe(KeyedStateSpec spec) {
    ObjectNode node = JSON.createObjectNode().put("operator", spec.operatorName()).put("key", spec.keySchema().toDdl());
    ArrayNode variables = node.putArray("variables");
    for (StateVariable v : spec.variables()) {
      variables.addObject().put("name", v.name()).put("kind", v.kind().name()).put("state", v.describe());
    }
    node.put("timers", spec.hasTimers());
    return node;
  }

  private static void compare(URI path, String recordedText, KeyedStateSpec spec) {
    JsonNode recorded;
    try {
      recorded = JSON.readTree(recordedText);
      if (!recorded.path("variables").isArray() || !recorded.path("key").isTextual()) {
        throw new IOException("no key or variables");
      }
    } catch (IOException e) {
      throw new CorruptFileException(path.toString(), "not a keyed state declaration: " + e.getMessage(), e);
    }
    List<String> differences = new ArrayList<>();
    String key = spec.keySchema().toDdl();
    if (!recorded.get("key").asText().equals(key)) {
      differences.add("the grouping key was [" + recorded.get("key").asText() + "] and is [" + key + "]");
    }
    Map<String, String> before = new LinkedHashMap<>();
    recorded.get("variables").forEach(v -> before.put(v.path("name").asText(), v.path("state").asText()));
    for (StateVariable v : spec.variables()) {
      String was = before.remove(v.name());
      if (was == null) {
        differences.add("state variable '" + v.name() + "' (" + v.describe() + ") is new: variables cannot be added to"
            + " existing state yet");
      } else if (!was.equals(v.describe())) {
        differences.add("state variable '" + v.name() + "' was " + was + " and is " + v.describe());
      }
    }
    before.forEach((name, was) -> differences.add("state variable '" + name + "' (" + was + ") is no longer declared"));
    boolean hadTimers = recorded.path("timers").asBoolean(false);
    if (hadTimers != spec.hasTimers()) {
      differences.add(hadTimers ? "the state has timers and the operator declares none"
          : "the operator declares timers and the state has none");
    }
    if (!differences.isEmpty()) {
      throw new AnalysisException("the keyed state of operator '" + spec.operatorName() + "' in " + path
          + " was written with another declaration: " + String.join("; ", differences)
          + ". The query changed in a way that would read old state under a new meaning; use a new checkpointLocation");
    }
  }

  /** As the operators' {@code _schema}: state in the partition directories without a record was not checked. */
  private static void refuseStateWithoutRecord(Storage storage, URI operatorDir, URI path, KeyedStateSpec spec)
      throws IOException {
    for (FileInfo child : storage.list(operatorDir)) {
      if (!child.directory() || !child.name().chars().allMatch(Character::isDigit)) {
        continue;
      }
      Optional<URI> state = StorageTree.anyFile(storage, child.path());
      if (state.isPresent()) {
        throw new MillraceException("the keyed state of operator '" + spec.operatorName() + "' in " + operatorDir
            + " has no declaration: " + path + " is missing, but state was written (" + state.get() + "). Without it"
            + " this query cannot check that it reads that state with the meaning it was written with; restore " + path
            + " from a backup, or give the query a new checkpointLocation");
      }
    }
  }
}
