package io.millrace.runtime.state.keyed;

import io.millrace.api.AnalysisException;
import io.millrace.api.state.StateSchemaEvolution;
import io.millrace.runtime.state.keyed.KeyedStateRecord.Entry;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a run's declaration meets the checkpoint's record, when the run's first batch is
 * {@code batch}: what the new record says, which variables' stores are born, revived or have
 * their rows converted, which are deleted, and what is refused. Pure, so that every rule is
 * tested without a query.
 *
 * <ul>
 *   <li>A variable not in the record is born at {@code batch}: its store's version 0 is the
 *       state before {@code batch}.</li>
 *   <li>A recorded variable no longer declared is kept: its store is not opened and stays as it
 *       is, and declaring it again later brings its state back (as Spark keeps a dropped column
 *       family). {@code deleteIfExists} deletes it.</li>
 *   <li>A variable declared with another value schema is read with the new one if
 *       {@link StateSchemaEvolution} can read the stored rows so (nullable fields added,
 *       numbers widened, matched by name): the first batch converts its stores' rows. Any other
 *       change (of type, kind, map key, or TTL on or off) is refused, naming the variable and
 *       both declarations. A variable whose store holds nothing yet may change freely.</li>
 *   <li>Timers follow the time mode, which Spark refuses to change across restarts: adding or
 *       removing them is refused. Their store keeps the indexes it was born with: timers kept by
 *       key and by time stay so for an operator that no longer lists them (a checkpoint written
 *       before it stopped), and an operator that lists them cannot read timers kept by time only.</li>
 * </ul>
 */
final class KeyedStateEvolution {
  private KeyedStateEvolution() {}

  /**
   * @param record the record for the run
   * @param bases per declared variable, the batch its store's version 0 belongs to
   * @param converts per declared variable whose stored rows the first batch converts, their schema
   * @param deleted the variables deleted now (in the record's {@code deleting})
   * @param changed whether the record differs from the recorded one
   */
  record Result(KeyedStateRecord record, Map<String, Long> bases, Map<String, Schema> converts, Set<String> deleted,
      boolean changed) {}

  static Result evolve(Optional<KeyedStateRecord> recorded, KeyedStateSpec spec, long batch, String path) {
    String key = spec.keySchema().toDdl();
    if (recorded.isEmpty()) {
      List<Entry> vars = new ArrayList<>();
      Map<String, Long> bases = new LinkedHashMap<>();
      for (StateVariable v : spec.variables()) {
        vars.add(born(v, batch));
        bases.put(v.name(), batch);
      }
      return new Result(new KeyedStateRecord(spec.operatorName(), key, spec.hasTimers(), spec.timersListed(), batch,
          vars, List.of(), Set.of()), bases, Map.of(), Set.of(), true);
    }
    KeyedStateRecord was = recorded.get();
    List<String> refusals = new ArrayList<>();
    if (!was.key().equals(key)) {
      refusals.add("the grouping key was [" + was.key() + "] and is [" + key + "]");
    }
    if (was.timers() != spec.hasTimers()) {
      refusals.add(was.timers() ? "the state has timers and the operator declares none (its time mode changed,"
          + " which Spark refuses too)" : "the operator declares timers and the state has none (its time mode"
          + " changed, which Spark refuses too)");
    }
    if (was.timers() && spec.hasTimers() && spec.timersListed() && !was.timersByKey()) {
      refusals.add("the operator lists timers by key and the state keeps its timers by time only");
    }
    Set<String> deleted = new TreeSet<>();
    for (String name : spec.deletes()) {
      if (was.declared(name).isPresent() || was.keptEntry(name).isPresent()) {
        deleted.add(name);
      }
    }
    List<Entry> vars = new ArrayList<>();
    Map<String, Long> bases = new LinkedHashMap<>();
    Map<String, Schema> converts = new LinkedHashMap<>();
    for (StateVariable v : spec.variables()) {
      Optional<Entry> declared = was.declared(v.name());
      Optional<Entry> kept = was.keptEntry(v.name());
      if (declared.isEmpty() && kept.isEmpty()) {
        vars.add(born(v, batch));
        bases.put(v.name(), batch);
        continue;
      }
      Entry r = declared.orElseGet(kept::get);
      long base = declared.isPresent() ? r.base() : batch - (r.last() - r.base());
      Optional<Schema> stored = r.storedAt(batch);
      Entry next;
      if (stored.isEmpty()) {
        next = born(v, batch); // nothing stored before this batch: its base is this batch
      } else if (declared.isPresent() && sameAs(r, v)) {
        next = r; // unchanged: a conversion the record already announces for this batch still applies
      } else {
        Optional<String> why = change(r, stored.get(), v);
        if (why.isPresent()) {
          refusals.add("state variable '" + v.name() + "' was " + r.describe(stored.get()) + " and is "
              + v.describe() + (v.hasTtl() ? " with TTL" : "") + ": " + why.get());
          continue;
        }
        next = new Entry(v.name(), v.kind(), v.valueSchema(), v.mapKeySchema(), v.hasTtl(), base, batch, stored.get(),
            -1);
      }
      vars.add(next);
      bases.put(v.name(), next.base());
      Optional<Schema> rows = next.storedAt(batch);
      if (rows.isPresent() && !rows.get().equals(next.value())) {
        converts.put(v.name(), rows.get());
      }
    }
    if (!refusals.isEmpty()) {
      throw new AnalysisException("the keyed state of operator '" + spec.operatorName() + "' in " + path
          + " was written with another declaration: " + String.join("; ", refusals) + ". Declare them as they were,"
          + " delete a variable with deleteIfExists in init(), or use a new checkpointLocation");
    }
    List<Entry> kept = new ArrayList<>();
    for (Entry r : was.variables()) {
      if (spec.variable(r.name()).isEmpty() && !deleted.contains(r.name())) {
        Optional<Schema> stored = r.storedAt(batch);
        kept.add(stored.isPresent()
            ? new Entry(r.name(), r.kind(), stored.get(), r.mapKey(), r.ttl(), r.base(), -1, null, batch)
            : new Entry(r.name(), r.kind(), r.value(), r.mapKey(), r.ttl(), batch, -1, null, batch));
      }
    }
    for (Entry r : was.kept()) {
      if (spec.variable(r.name()).isEmpty() && !deleted.contains(r.name())) {
        kept.add(r);
      }
    }
    KeyedStateRecord next = new KeyedStateRecord(spec.operatorName(), key, spec.hasTimers(), was.timersByKey(),
        was.timersBase(), List.copyOf(vars), List.copyOf(kept), Set.copyOf(deleted));
    boolean changed = !deleted.isEmpty() || !next.variables().equals(was.variables())
        || !next.kept().equals(was.kept()) || !was.operator().equals(next.operator());
    return new Result(changed ? next : was, bases, converts, deleted, changed);
  }

  private static Entry born(StateVariable v, long batch) {
    return new Entry(v.name(), v.kind(), v.valueSchema(), v.mapKeySchema(), v.hasTtl(), batch, batch, null, -1);
  }

  private static boolean sameAs(Entry r, StateVariable v) {
    return r.kind() == v.kind() && r.value().equals(v.valueSchema()) && java.util.Objects.equals(r.mapKey(),
        v.mapKeySchema()) && r.ttl() == v.hasTtl();
  }

  /** Why rows stored as {@code stored} under {@code r} cannot be read as {@code v}; empty when they can. */
  private static Optional<String> change(Entry r, Schema stored, StateVariable v) {
    if (r.kind() != v.kind()) {
      return Optional.of("a variable cannot change kind (Spark: STATE_STORE_INVALID_VARIABLE_TYPE_CHANGE)");
    }
    if (r.kind() == StateVariable.Kind.MAP && !r.mapKey().equals(v.mapKeySchema())) {
      return Optional.of("a map's keys cannot change: they are how its entries are found");
    }
    if (r.ttl() != v.hasTtl()) {
      return Optional.of("TTL cannot be turned " + (v.hasTtl() ? "on" : "off") + " for stored values (values with"
          + " TTL are stored with their expiration)");
    }
    return StateSchemaEvolution.incompatibility(stored, v.valueSchema());
  }
}
