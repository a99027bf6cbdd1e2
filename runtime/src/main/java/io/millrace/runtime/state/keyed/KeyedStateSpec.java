package io.millrace.runtime.state.keyed;

import io.millrace.spi.data.Schema;
import io.millrace.spi.state.StateStoreId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What keyed state an operator keeps: its grouping key, its named state variables and whether it
 * has timers. Declared when the operator is built, before the first batch, because each variable
 * is a store of its own that opens with the query (see {@link KeyedStateBackend}); the checkpoint
 * records the declaration; how a restart may change it is {@link KeyedStateEvolution}'s.
 *
 * <p>A variable's name is the name of its store and of its directory in the checkpoint, so it is
 * a letter followed by letters, digits, {@code _} or {@code -}, at most 64 of them, and two names
 * may not differ only in case (they would be one directory on a case-insensitive file system).
 * {@code default} is the name of an operator's unnamed store and is taken.
 */
public final class KeyedStateSpec {
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,63}");

  private final String operatorName;
  private final Schema keySchema;
  private final List<StateVariable> variables;
  private final boolean timers;
  /** Whether the operator lists a key's timers ({@link TimerService#list}), which needs the index of timers by key. */
  private final boolean timersListed;
  /** Variables whose stored state is to be dropped at start, if the checkpoint has it (Spark's deleteIfExists). */
  private final Set<String> deletes;

  private KeyedStateSpec(String operatorName, Schema keySchema, List<StateVariable> variables, boolean timers,
      boolean timersListed, Set<String> deletes) {
    this.operatorName = operatorName;
    this.keySchema = keySchema;
    this.variables = List.copyOf(variables);
    this.timers = timers;
    this.timersListed = timersListed;
    this.deletes = Collections.unmodifiableSet(new TreeSet<>(deletes));
  }

  /** No variables and no timers yet: add them with {@link #value}, {@link #list}, {@link #map}, {@link #withTimers}. */
  public static KeyedStateSpec of(String operatorName, Schema keySchema) {
    return new KeyedStateSpec(operatorName, keySchema, List.of(), false, false, Set.of());
  }

  public KeyedStateSpec value(String name, Schema valueSchema) {
    return with(StateVariable.value(name, valueSchema));
  }

  public KeyedStateSpec list(String name, Schema elementSchema) {
    return with(StateVariable.list(name, elementSchema));
  }

  public KeyedStateSpec map(String name, Schema mapKeySchema, Schema valueSchema) {
    return with(StateVariable.map(name, mapKeySchema, valueSchema));
  }

  /** Event-time and processing-time timers per grouping key, which {@link TimerService#list} lists by key. */
  public KeyedStateSpec withTimers() {
    return new KeyedStateSpec(operatorName, keySchema, variables, true, true, deletes);
  }

  /**
   * Timers of an operator that never lists a key's timers, since it knows them: kept in the index
   * by time alone, without the index by key that listing needs, so a timer set or deleted is one
   * write rather than two. A checkpoint that has the index by key keeps it (see
   * {@link KeyedStateEvolution}).
   */
  public KeyedStateSpec withUnlistedTimers() {
    return new KeyedStateSpec(operatorName, keySchema, variables, true, false, deletes);
  }

  /** This spec plus {@code variable}, whose name must be valid and new. */
  public KeyedStateSpec with(StateVariable variable) {
    String name = variable.name();
    checkName(name);
    if (deletes.contains(name)) {
      throw deletedAndDeclared(name);
    }
    for (StateVariable v : variables) {
      if (v.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException(operatorName + ": state variable '" + name + "' is declared twice"
            + (v.name().equals(name) ? "" : " (as '" + v.name() + "': names differing only in case would share a"
                + " directory on a case-insensitive file system)"));
      }
    }
    List<StateVariable> more = new ArrayList<>(variables);
    more.add(variable);
    return new KeyedStateSpec(operatorName, keySchema, more, timers, timersListed, deletes);
  }

  /**
   * This spec asking that the checkpoint's state of variable {@code name}, if it has any, be
   * deleted when the query starts (Spark's {@code deleteIfExists}). A variable cannot be both
   * deleted and declared: every restart would empty it.
   */
  public KeyedStateSpec deleteIfExists(String name) {
    checkName(name);
    if (variable(name).isPresent()) {
      throw deletedAndDeclared(name);
    }
    Set<String> more = new TreeSet<>(deletes);
    more.add(name);
    return new KeyedStateSpec(operatorName, keySchema, variables, timers, timersListed, more);
  }

  /** The variables {@link #deleteIfExists} names. */
  public Set<String> deletes() {
    return deletes;
  }

  private IllegalArgumentException deletedAndDeclared(String name) {
    return new IllegalArgumentException(operatorName + ": state variable '" + name + "' is both declared and deleted"
        + " (deleteIfExists) in init(); every restart would empty it. Delete it in one run, then declare it in the"
        + " next, or give the new variable another name");
  }

  private void checkName(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(operatorName + ": state variable name '" + name + "' is not a letter followed"
          + " by up to 63 letters, digits, '_' or '-'; it names the variable's directory in the checkpoint");
    }
    if (name.equalsIgnoreCase(StateStoreId.DEFAULT_STORE_NAME)) {
      throw new IllegalArgumentException(operatorName + ": state variable name '" + name + "' is taken by the operator's"
          + " default store");
    }
  }

  public String operatorName() {
    return operatorName;
  }

  public Schema keySchema() {
    return keySchema;
  }

  /** In declaration order, which is also the order their stores commit in. */
  public List<StateVariable> variables() {
    return variables;
  }

  public Optional<StateVariable> variable(String name) {
    return variables.stream().filter(v -> v.name().equals(name)).findFirst();
  }

  public boolean hasTimers() {
    return timers;
  }

  /** Whether the timers are {@linkplain #withTimers() listed by key}. */
  public boolean timersListed() {
    return timersListed;
  }
}
