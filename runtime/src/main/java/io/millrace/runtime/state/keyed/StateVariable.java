package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Schema;
import java.util.Objects;

/**
 * One named state variable of an operator: per grouping key, a value, a list or a map, holding
 * rows of {@link #valueSchema}. A map's keys are rows of {@link #mapKeySchema}; the other kinds
 * have none. {@code ttlMs} above zero gives each value (list element, map entry) an expiration
 * {@code ttlMs} after the processing time of the batch that wrote it (see {@link TtlIndex}).
 */
public record StateVariable(String name, Kind kind, Schema valueSchema, Schema mapKeySchema, long ttlMs) {

  public enum Kind {
    VALUE, LIST, MAP
  }

  public StateVariable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(valueSchema, "valueSchema");
    if ((kind == Kind.MAP) != (mapKeySchema != null)) {
      throw new IllegalArgumentException("state variable '" + name + "': a map, and only a map, has a key schema");
    }
    if (ttlMs < 0) {
      throw new IllegalArgumentException("state variable '" + name + "': a negative TTL (" + ttlMs + " ms)");
    }
  }

  /** Without TTL. */
  public StateVariable(String name, Kind kind, Schema valueSchema, Schema mapKeySchema) {
    this(name, kind, valueSchema, mapKeySchema, 0);
  }

  public static StateVariable value(String name, Schema valueSchema) {
    return new StateVariable(name, Kind.VALUE, valueSchema, null);
  }

  public static StateVariable list(String name, Schema elementSchema) {
    return new StateVariable(name, Kind.LIST, elementSchema, null);
  }

  public static StateVariable map(String name, Schema mapKeySchema, Schema valueSchema) {
    return new StateVariable(name, Kind.MAP, valueSchema, Objects.requireNonNull(mapKeySchema, "mapKeySchema"));
  }

  /** This variable with values expiring {@code ms} after the batch that wrote them; 0 for never. */
  public StateVariable withTtl(long ms) {
    return new StateVariable(name, kind, valueSchema, mapKeySchema, ms);
  }

  public boolean hasTtl() {
    return ttlMs > 0;
  }

  /** The store of the variable's TTL index (see {@link TtlIndex}); no variable name starts with '_'. */
  public String ttlStoreName() {
    return ttlStoreName(name);
  }

  static String ttlStoreName(String variable) {
    return "_ttl_" + variable;
  }

  /** How the variable reads in messages and in the checkpoint's record: {@code LIST<a LONG, b STRING>}. */
  public String describe() {
    return kind == Kind.MAP
        ? "MAP<[" + mapKeySchema.toDdl() + "] -> [" + valueSchema.toDdl() + "]>"
        : kind + "<" + valueSchema.toDdl() + ">";
  }
}
