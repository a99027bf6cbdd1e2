package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.state.StateStoreId;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.tck.Capability;
import io.millrace.tck.CrashAt;
import io.millrace.tck.child.ChildJvm;
import io.millrace.tck.child.ChildPlugins;
import io.millrace.tck.storage.FaultInjectingStorage;
import io.millrace.tck.storage.FaultInjectingStorage.Moment;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * T14, T15 and T24: a crash in the middle of committing version 2 leaves version 2 whole or
 * absent, version 1 intact and no temporary files once a fresh provider started, and the retried
 * commit and the next one succeed. Every crashed instance is dropped; recovery uses fresh
 * providers on the plain storage.
 */
final class CommitCrashCheck {
  private static final List<Change> FIRST = List.of(Change.put("a", "1"), Change.put("b", "2"), Change.put("c", "3"));
  private static final List<Change> SECOND = List.of(Change.put("a", "10"), Change.remove("b"), Change.put("d", "4"));
  private static final List<Change> THIRD = List.of(Change.put("e", "5"), Change.remove("a"));

  private final StateHarness harness;
  private final String rule;

  CommitCrashCheck(StateHarness harness, String rule) {
    this.harness = harness;
    this.rule = rule;
  }

  /** T14: crash before and after each file the commit publishes. */
  void atEveryPublish() {
    int publishes = measurePublishes();
    assertTrue(publishes > 0, rule + ": committing version 2 published no file through the context's storage;"
        + " a version that is not in storage cannot survive a restart");
    int partition = 1;
    for (int n = 1; n <= publishes; n++) {
      for (Moment moment : Moment.values()) {
        StateStoreId id = harness.id(partition++);
        String scenario = "after a crash " + (moment == Moment.BEFORE_PUBLISH ? "before" : "after")
            + " publishing file " + n + " of the " + publishes + " a commit publishes";
        commitFirst(id);
        FaultInjectingStorage storage =
            new FaultInjectingStorage(harness.storage(), FaultPoint.INSIDE_STATE_COMMIT).crashAtPublish(n, moment);
        StateStoreProvider doomed = harness.fresh(id, Map.of(), FaultInjector.NONE, storage);
        boolean crashed = Expect.crashes(rule, "committing version 2 " + scenario, () -> commitSecond(doomed));
        assertTrue(crashed, rule + ": committing version 2 returned normally although the storage was set to crash"
            + " at publish " + n + "; a first commit published " + publishes + " files, so commits do not publish the"
            + " same files each time");
        recover(id, scenario);
      }
    }
  }

  /** T15: crash where the provider reports {@link FaultPoint#INSIDE_STATE_COMMIT}. */
  void atFaultPoint() {
    StateStoreId id = harness.id();
    commitFirst(id);
    CrashAt crash = CrashAt.point(FaultPoint.INSIDE_STATE_COMMIT);
    StateStoreProvider doomed = harness.fresh(id, Map.of(), crash, null);
    boolean crashed = Expect.crashes(rule, "committing version 2 at INSIDE_STATE_COMMIT", () -> commitSecond(doomed));
    assertTrue(crashed && crash.fired(), rule + ": committing version 2 never reported FaultPoint.INSIDE_STATE_COMMIT"
        + " through PluginContext.faultInjector(); a state store must report it after writing a version's files"
        + " and before publishing them");
    recover(id, "after a crash at INSIDE_STATE_COMMIT");
  }

  /**
   * T24: a child JVM commits version 1, then halts (a real process death: no {@code finally},
   * no {@code close}, nothing kept in static fields) at INSIDE_STATE_COMMIT of version 2. This
   * process, as the next start, must find version 1 whole and version 2 whole or absent.
   */
  void inChildJvm() throws InterruptedException {
    StateStoreKit kit = harness.kit();
    Capability.require(kit.reachableFromAnotherProcess(), rule + " commits in a child JVM, and the kit says another"
        + " process cannot reach its checkpoints (StateStoreKit.reachableFromAnotherProcess() is false)");
    Optional<String> why = ChildPlugins.whyNotCreatable(kit.factory().getClass());
    Capability.require(why.isEmpty(), rule + " commits in a child JVM, which cannot create the factory: " + why.orElse(""));
    StateStoreId id = harness.id();
    try (ChildJvm child = ChildJvm.start(rule, StateChild.of(kit, id, FIRST, SECOND), kit.factory().getClass())) {
      assertEquals("committed 1", child.receive(), rule + ": the child JVM's first commit");
      int exit = child.awaitExit();
      assertEquals(ChildJvm.HALTED, exit, () -> rule + ": the child JVM committed version 2 without reporting"
          + " FaultPoint.INSIDE_STATE_COMMIT, where it was to halt; a state store must report it after writing a"
          + " version's files and before publishing them" + child.log());
    }
    recover(id, "after the process committing version 2 halted at INSIDE_STATE_COMMIT", true);
  }

  private int measurePublishes() {
    StateStoreId id = harness.id(0);
    commitFirst(id);
    FaultInjectingStorage counting = new FaultInjectingStorage(harness.storage(), FaultPoint.INSIDE_STATE_COMMIT);
    commitSecond(harness.fresh(id, Map.of(), FaultInjector.NONE, counting));
    return counting.publishes();
  }

  private void commitFirst(StateStoreId id) {
    StateData.commit(rule, harness.fresh(id), 0, FIRST);
  }

  private void commitSecond(StateStoreProvider provider) {
    StateData.commit(rule, provider, 1, SECOND);
  }

  private void recover(StateStoreId id, String scenario) {
    recover(id, scenario, false);
  }

  /**
   * Checks what the crash left, through fresh providers. A halted process runs no clean-up, so
   * after a halt ({@code halted}) temporary files must be gone only once a fresh provider started.
   */
  private void recover(StateStoreId id, String scenario, boolean halted) {
    StateStoreProvider restarted = halted ? harness.fresh(id) : null;
    List<String> temporary = StoreFiles.temporary(StoreFiles.list(harness.storage(), id.storePath()));
    assertTrue(temporary.isEmpty(), rule + ": " + scenario + ", temporary files remain under " + id.storePath()
        + (halted ? " once a fresh provider started" : "") + ": " + temporary);
    if (restarted == null) {
      restarted = harness.fresh(id);
    }
    History history = new History();
    history.record(FIRST);
    history.record(SECOND);
    history.check(rule, scenario, restarted, 1);
    Expect.wholeOrNone(rule, scenario + " (read by a fresh provider)", restarted, 2, history.version(2));
    StateData.commit(rule, restarted, 1, SECOND);
    history.check(rule, scenario + " and a retried commit", harness.fresh(id), 2);
    StateData.commit(rule, restarted, 2, THIRD);
    history.record(THIRD);
    history.checkAll(rule, scenario + " and two more commits", harness.fresh(id));
  }
}
