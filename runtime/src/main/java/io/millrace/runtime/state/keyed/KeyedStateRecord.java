package io.millrace.runtime.state.keyed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code _keyedState} says of an operator's keyed state: the grouping key, whether it has
 * timers, the variables the last run declared, those an earlier run declared and the last one
 * did not (kept on disk untouched, as Spark keeps a dropped column family), and the variables
 * being deleted.
 *
 * <p>A variable's stores count their versions from its birth: store version {@code v - base}
 * is the state before batch {@code v} (see {@link KeyedStateBackend}).
 *
 * @param timersByKey whether the timers' store has the index by key beside the one by time: so
 *     from the store's birth to its end, whatever a later run declares (true in a record written
 *     before there was a choice, when every timer had both)
 * @param timersBase the batch the timers' store was born at
 */
record KeyedStateRecord(String operator, String key, boolean timers, boolean timersByKey, long timersBase,
    List<Entry> variables, List<Entry> kept, Set<String> deleting) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One variable.
   *
   * @param value the schema its values are declared with (declared), or the schema of the rows
   *     its store holds at version {@code last - base} (kept)
   * @param base the batch its store's version 0 belongs to
   * @param since the first batch of the run that declared it so: the state read by that batch
   *     (store version {@code since - base}) holds rows of {@code was} (none when
   *     {@code since == base}), every later version rows of {@code value}; a batch that reads
   *     {@code was != value} converts the store's rows first
   * @param last kept only: the batch from which no run declared it; -1 for a declared one
   */
  record Entry(String name, StateVariable.Kind kind, Schema value, Schema mapKey, boolean ttl, long base, long since,
      Schema was, long last) {

    /** The schema of the rows its store holds before batch {@code batch}; empty when it holds none. */
    Optional<Schema> storedAt(long batch) {
      if (last >= 0) {
        return last == base ? Optional.empty() : Optional.of(value);
      }
      if (batch <= base) {
        return Optional.empty();
      }
      return Optional.ofNullable(batch == since ? was : value);
    }

    /** The store version that holds the state before batch {@code batch}. */
    long storeVersion(long batch) {
      return batch - base;
    }

    String describe() {
      return kind == StateVariable.Kind.MAP ? "MAP<[" + mapKey.toDdl() + "] -> [" + value.toDdl() + "]>"
          : kind + "<" + value.toDdl() + ">";
    }

    String describe(Schema rows) {
      return new Entry(name, kind, rows, mapKey, ttl, base, since, was, last).describe() + (ttl ? " with TTL" : "");
    }
  }

  Optional<Entry> declared(String name) {
    return variables.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  Optional<Entry> keptEntry(String name) {
    return kept.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  String toJson() {
    ObjectNode node = JSON.createObjectNode().put("operator", operator).put("key", key);
    ArrayNode vars = node.putArray("variables");
    for (Entry e : variables) {
      write(vars.addObject(), e);
    }
    node.put("timers", timers).put("timersByKey", timersByKey).put("timersBase", timersBase);
    ArrayNode k = node.putArray("kept");
    for (Entry e : kept) {
      write(k.addObject(), e);
    }
    ArrayNode d = node.putArray("deleting");
    deleting.forEach(d::add);
    return node.toString();
  }

  private static void write(ObjectNode o, Entry e) {
    o.put("name", e.name()).put("kind", e.kind().name()).put("state", e.describe()).put("value", e.value().toDdl());
    if (e.mapKey() != null) {
      o.put("mapKey", e.mapKey().toDdl());
    }
    o.put("ttl", e.ttl()).put("base", e.base());
    if (e.last() >= 0) {
      o.put("last", e.last());
    } else {
      o.put("since", e.since());
      if (e.was() != null) {
        o.put("was", e.was().toDdl());
      }
    }
  }

  /** Reads a record; one written before variables could change has only name, kind and state, all born at batch 0. */
  static KeyedStateRecord parse(String path, String text) {
    try {
      JsonNode n = JSON.readTree(text);
      if (!n.path("variables").isArray() || !n.path("key").isTextual()) {
        throw new IOException("no key or variables");
      }
      List<Entry> vars = new ArrayList<>();
      for (JsonNode v : n.get("variables")) {
        vars.add(entry(v, false));
      }
      List<Entry> kept = new ArrayList<>();
      for (JsonNode v : n.path("kept")) {
        kept.add(entry(v, true));
      }
      Set<String> deleting = new TreeSet<>();
      n.path("deleting").forEach(d -> deleting.add(d.asText()));
      return new KeyedStateRecord(n.path("operator").asText(), n.get("key").asText(), n.path("timers").asBoolean(false),
          n.path("timersByKey").asBoolean(true), n.path("timersBase").asLong(0), List.copyOf(vars), List.copyOf(kept),
          Set.copyOf(deleting));
    } catch (IOException | RuntimeException e) {
      throw new CorruptFileException(path, "not a keyed state declaration: " + e.getMessage(), e);
    }
  }

  /** A schema as toDdl() wrote it; a row of no fields is the empty string. */
  private static Schema schema(String ddl) {
    return ddl.isBlank() ? Schema.of() : Schema.parse(ddl);
  }

  private static Entry entry(JsonNode v, boolean kept) {
    String name = v.get("name").asText();
    StateVariable.Kind kind = StateVariable.Kind.valueOf(v.get("kind").asText());
    Schema value;
    Schema mapKey = null;
    if (v.has("value")) {
      value = schema(v.get("value").asText());
      mapKey = v.has("mapKey") ? schema(v.get("mapKey").asText()) : null;
    } else {
      // The first format: only "state", as StateVariable.describe() wrote it.
      String state = v.get("state").asText();
      String inner = state.substring(state.indexOf('<') + 1, state.length() - 1);
      if (kind == StateVariable.Kind.MAP) {
        int arrow = inner.indexOf("] -> [");
        mapKey = schema(inner.substring(1, arrow));
        value = schema(inner.substring(arrow + 6, inner.length() - 1));
      } else {
        value = schema(inner);
      }
    }
    long base = v.path("base").asLong(0);
    return new Entry(name, kind, value, mapKey, v.path("ttl").asBoolean(false), base,
        kept ? -1 : v.path("since").asLong(base), v.has("was") ? schema(v.get("was").asText()) : null,
        kept ? v.get("last").asLong() : -1);
  }
}
