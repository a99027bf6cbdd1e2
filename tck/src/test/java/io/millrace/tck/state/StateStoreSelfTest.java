package io.millrace.tck.state;

import static io.millrace.tck.SuiteRuns.ruleIds;
import static io.millrace.tck.SuiteRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/**
 * The state store suite catches what it should: the reference provider passes every rule, and
 * each broken provider fails exactly the rule it breaks.
 */
class StateStoreSelfTest {
  private static final int RULES = 26;

  /**
   * Runs {@code suite} and checks it fails exactly {@code rules}. Variants a child JVM cannot
   * create by name skip T24, and only T24.
   */
  private static void assertFailsExactly(Class<?> suite, String... rules) {
    Events events = run(suite);
    assertThat(ruleIds(events.failed())).as("rules failed by " + suite.getSimpleName()).containsExactly(rules);
    assertThat(ruleIds(events.aborted())).as("rules skipped for " + suite.getSimpleName()).isSubsetOf("T24");
    assertThat(events.started().count()).as("rules run for " + suite.getSimpleName()).isEqualTo(RULES);
  }

  @Test
  @DisplayName("the reference state store runs every rule and fails none")
  void referencePassesEveryRule() {
    Events events = run(ReferenceStateStoreTest.class);
    assertThat(ruleIds(events.failed())).as("rules failed by the reference store").isEmpty();
    assertThat(events.aborted().count()).as("rules skipped for the reference store").isZero();
    assertThat(events.started().count()).as("rules run for the reference store").isEqualTo(RULES);
    assertThat(events.succeeded().count()).as("rules passed by the reference store").isEqualTo(RULES);
  }

  @Test
  @DisplayName("a store that leaks uncommitted writes into the committed version fails T03 only")
  void leakyStoreFailsT03() {
    assertFailsExactly(LeakyStateStoreSuite.class, "T03");
  }

  @Test
  @DisplayName("a store that loses versions when closed and reloaded fails T05 only")
  void forgetfulStoreFailsT05() {
    assertFailsExactly(ForgetfulStateStoreSuite.class, "T05");
  }

  @Test
  @DisplayName("a store whose putIfAbsent overwrites a present key fails T19 only")
  void overwritingStoreFailsT19() {
    assertFailsExactly(OverwritingStateStoreSuite.class, "T19");
  }

  @Test
  @DisplayName("a store whose range scan includes its end key fails T20 only")
  void overreachingStoreFailsT20() {
    assertFailsExactly(OverreachingStateStoreSuite.class, "T20");
  }

  @Test
  @DisplayName("a store whose removeRange spares its start key fails T21 only")
  void startSkippingStoreFailsT21() {
    assertFailsExactly(StartSkippingStateStoreSuite.class, "T21");
  }

  @Test
  @DisplayName("a store whose files turn an empty value into a removal fails T22 only")
  void emptyValueAsRemovalFailsT22() {
    assertFailsExactly(EmptyValueAsRemovalStateStoreSuite.class, "T22");
  }

  @Test
  @DisplayName("a store whose files drop a value's trailing zero bytes fails T23 only")
  void trailingZerosDroppedFailsT23() {
    assertFailsExactly(TrailingZerosDroppedStateStoreSuite.class, "T23");
  }

  @Test
  @DisplayName("a store that trusts a static registry of its versions fails T24 only")
  void staticRegistryFailsT24() {
    assertFailsExactly(StaticRegistryStateStoreSuite.class, "T24");
  }

  @Test
  @DisplayName("a store that files its named stores under the default store's path fails T25 only")
  void storeNameIgnoringStoreFailsT25() {
    assertFailsExactly(StoreNameIgnoringStateStoreSuite.class, "T25");
  }

  @Test
  @DisplayName("a store that reports a wrong numKeys fails T12 and T26, the two rules that count keys")
  void miscountingStoreFailsT12AndT26() {
    assertFailsExactly(MiscountingStateStoreSuite.class, "T12", "T26");
  }

  @Test
  @DisplayName("a store whose put told a key is present writes nothing when it is absent fails T26 only")
  void claimTrustingStoreFailsT26() {
    assertFailsExactly(ClaimTrustingStateStoreSuite.class, "T26");
  }
}
