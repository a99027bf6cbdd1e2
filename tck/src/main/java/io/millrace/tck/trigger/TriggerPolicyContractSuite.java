package io.millrace.tck.trigger;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.trigger.TriggerDecision;
import io.millrace.spi.trigger.TriggerPolicy;
import io.millrace.spi.trigger.TriggerState;
import io.millrace.tck.Capability;
import io.millrace.tck.Tck;
import io.millrace.tck.trigger.TriggerSemantics.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The contract of a {@link io.millrace.spi.trigger.TriggerPolicyProvider} plugin, checked on a
 * manual clock ({@link ManualTriggerLoop}): no real time passes and no result depends on the
 * machine's speed. To run it, extend this class in your plugin's tests and say which provider,
 * options and {@link TriggerSemantics} to check:
 *
 * <pre>{@code
 * class MyTriggerTckTest extends TriggerPolicyContractSuite {
 *   @Override
 *   protected TriggerKit kit() {
 *     return TriggerKit.of(new MyTriggerProvider(), Map.of("interval", "1 second"),
 *         TriggerSemantics.interval(Duration.ofSeconds(1)));
 *   }
 * }
 * }</pre>
 *
 * <p>Rules G01 to G08 check the claimed semantics; a rule for other semantics is skipped with
 * the reason. Rules G09 to G12 apply to every policy (G11 to those that stop). A policy is a
 * pure function of the {@link TriggerState}: the suite asks it about states a real run reaches
 * and about random ones (seeded; failures print the seed), and expects the same answer each
 * time.
 */
public abstract class TriggerPolicyContractSuite {
  /** 2024-01-01T00:00:00Z: runs start at realistic clock values. */
  private static final long BASE_MILLIS = 1_704_067_200_000L;
  private static final long TEN_YEARS_MILLIS = 10L * 365 * 86_400_000L;
  private static final int TICKS = 10_000;
  private static final long MAX_LATE_WAKE_UP_MILLIS = 20;
  private static final Duration RULE_TIMEOUT = Duration.ofSeconds(30);

  private TriggerKit kit;
  private TriggerSemantics semantics;

  /** The policy under test: its provider, options and claimed semantics. Called once per rule. */
  protected abstract TriggerKit kit();

  @BeforeEach
  void createKit() {
    kit = kit();
    semantics = kit.semantics();
  }

  @Test
  @DisplayName("G01 a trigger that starts at t is followed at the first interval boundary after t (multiples of the interval since the epoch)")
  void g01_followedAtFirstBoundaryAfterStart() {
    requireKind(Kind.INTERVAL, "G01");
    long interval = semantics.intervalMillis();
    Random random = Tck.random("G01");
    long k = BASE_MILLIS / interval;
    List<Long> starts = new ArrayList<>(List.of(0L, interval - 1, interval, interval + 1,
        k * interval - 1, k * interval, k * interval + 1, k * interval + interval / 2));
    for (int i = 0; i < 50; i++) {
      starts.add(BASE_MILLIS + random.nextLong(1_000 * interval));
    }
    bounded("G01", () -> {
      TriggerPolicy policy = kit.newPolicy();
      for (long start : starts) {
        long boundary = boundaryAfter(start, interval);
        for (long elapsed : new long[] {0, boundary - start - 1}) {
          for (long triggers : new long[] {1, 2, 1_000}) {
            for (boolean ranBatch : new boolean[] {true, false}) {
              TriggerState state = new TriggerState(triggers, start, start + elapsed, ranBatch);
              TriggerDecision decision = ask(policy, state, "G01");
              if (decision.isStop() || decision.runAtMillis() != boundary) {
                fail("G01 with a " + interval + " ms interval, after " + state + " the next trigger must start at "
                    + boundary + ", the first boundary after the last start " + start + "; the policy decided: " + decision
                    + Tck.seedHint());
              }
            }
          }
        }
      }
    });
  }

  @Test
  @DisplayName("G02 no drift over 10,000 triggers, even when each trigger starts a little late")
  void g02_noDriftOverManyTriggers() {
    requireKind(Kind.INTERVAL, "G02");
    long interval = semantics.intervalMillis();
    long slack = (interval - 1) / 2; // late + duration < interval: no trigger overruns its boundary
    long maxLate = Math.min(slack, MAX_LATE_WAKE_UP_MILLIS);
    Random random = Tck.random("G02");
    bounded("G02", () -> {
      ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(1_000 * interval));
      loop.step(0, 0, true);
      long second = 0;
      for (int i = 1; i <= TICKS; i++) {
        TriggerState before = loop.state();
        TriggerDecision decision = loop.step(random.nextLong(maxLate + 1), random.nextLong(slack + 1), random.nextBoolean());
        if (decision.isStop()) {
          fail("G02 an interval policy never stops, but after " + before + " (trigger " + (i + 1) + ") it decided: "
              + decision + Tck.seedHint());
        }
        if (i == 1) {
          second = decision.runAtMillis();
          continue;
        }
        long expected = second + (i - 1) * interval;
        if (decision.runAtMillis() != expected) {
          fail("G02 with a " + interval + " ms interval, trigger " + (i + 1) + " was scheduled at " + decision.runAtMillis()
              + ", expected " + expected + " (" + (i - 1) + " intervals after trigger 2 at " + second + "): a drift of "
              + (decision.runAtMillis() - expected) + " ms, with triggers that started up to " + maxLate
              + " ms late; the next start must derive from interval boundaries, not from the last start" + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G03 a batch longer than the interval is followed at once, without a burst of catch-up triggers")
  void g03_slowBatchFollowedAtOnceWithoutBurst() {
    requireKind(Kind.INTERVAL, "G03");
    long interval = semantics.intervalMillis();
    Random random = Tck.random("G03");
    long[] overruns = {interval, interval + 1, 2 * interval + interval / 2, 10 * interval + 1,
        interval + 1 + random.nextLong(5 * interval)};
    bounded("G03", () -> {
      for (long overrun : overruns) {
        ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(1_000 * interval));
        loop.step(0, 0, true);
        loop.step(0, overrun, true);
        long slowStart = loop.state().lastTriggerStartMillis();
        TriggerState afterSlow = loop.state();
        TriggerDecision next = loop.step(0, 0, true);
        if (next.isStop() || next.runAtMillis() > afterSlow.nowMillis()) {
          fail("G03 with a " + interval + " ms interval, a batch that started at " + slowStart + " and took " + overrun
              + " ms ended at " + afterSlow.nowMillis() + "; the next trigger must start at once, but the policy decided: "
              + next + Tck.seedHint());
        }
        for (int i = 0; i < 3; i++) {
          TriggerState state = loop.state();
          TriggerDecision decision = loop.step(0, 0, true);
          long start = state.lastTriggerStartMillis();
          if (decision.isStop() || decision.runAtMillis() <= start || decision.runAtMillis() > start + interval) {
            fail("G03 with a " + interval + " ms interval, after the late trigger a fast trigger that started at " + start
                + " must be followed later than that and at most one interval later, not at once to catch up missed"
                + " boundaries; after " + state + " the policy decided: " + decision + Tck.seedHint());
          }
        }
      }
    });
  }

  @Test
  @DisplayName("G04 once runs exactly one trigger, with or without data, then stops")
  void g04_onceRunsExactlyOneTrigger() {
    requireKind(Kind.ONCE, "G04");
    Random random = Tck.random("G04");
    bounded("G04", () -> {
      for (boolean findsData : new boolean[] {true, false}) {
        ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
        for (int i = 0; i < 5 && !loop.stopped(); i++) {
          loop.step(random.nextLong(10_000), findsData);
        }
        if (loop.starts().size() != 1 || !loop.stopped()) {
          fail("G04 a once policy must run exactly one trigger and then stop; with a trigger that "
              + (findsData ? "found data" : "found no data") + " it ran " + loop.starts().size()
              + (loop.stopped() ? "" : " (and had not stopped after 5)") + "; decisions: " + loop.decisions() + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G05 available-now runs back to back while triggers find data and stops at the first trigger without data")
  void g05_availableNowStopsAtFirstTriggerWithoutData() {
    requireKind(Kind.AVAILABLE_NOW, "G05");
    Random random = Tck.random("G05");
    bounded("G05", () -> {
      for (int withData : new int[] {0, 1, 2, 3 + random.nextInt(50)}) {
        ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
        for (int i = 0; i <= withData; i++) {
          TriggerState state = loop.state();
          TriggerDecision decision = loop.step(random.nextLong(10_000), i < withData);
          if (decision.isStop() || decision.runAtMillis() > state.nowMillis()) {
            fail("G05 available-now must run trigger " + (i + 1) + " at once (" + i + " triggers so far, "
                + (i == 0 ? "none yet" : "the last found data") + "); after " + state + " it decided: " + decision
                + Tck.seedHint());
          }
        }
        TriggerState empty = loop.state();
        TriggerDecision decision = loop.step(0, false);
        if (!decision.isStop()) {
          fail("G05 available-now must stop after " + withData + " triggers with data and one without; after " + empty
              + " it decided: " + decision + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G06 available-now is bounded to the data present at start")
  void g06_availableNowIsBoundedToDataAtStart() {
    requireKind(Kind.AVAILABLE_NOW, "G06");
    assertTrue(kit.newPolicy().boundedToDataAtStart(),
        "G06 an available-now policy must return true from boundedToDataAtStart(), so that the runtime bounds the"
            + " sources to the data present at start; it returned false");
  }

  @Test
  @DisplayName("G07 the default policy never stops and starts the next trigger at once after a batch")
  void g07_defaultNeverStopsAndRunsAtOnceAfterBatch() {
    requireKind(Kind.AS_SOON_AS_POSSIBLE, "G07");
    Random random = Tck.random("G07");
    bounded("G07", () -> {
      ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
      for (int i = 0; i < TICKS; i++) {
        TriggerState state = loop.state();
        TriggerDecision decision = loop.step(random.nextLong(1_000), random.nextInt(4) != 0);
        if (decision.isStop()) {
          fail("G07 the default policy never stops, but after " + state + " it decided: " + decision + Tck.seedHint());
        }
        if (state.triggers() > 0 && state.lastTriggerRanBatch() && decision.runAtMillis() > state.nowMillis()) {
          fail("G07 after a trigger that ran a batch the next must start at once; after " + state + " the policy waited "
              + (decision.runAtMillis() - state.nowMillis()) + " ms" + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G08 after a trigger without data the default policy waits a positive, bounded time")
  void g08_defaultWaitsBoundedTimeWhenIdle() {
    requireKind(Kind.AS_SOON_AS_POSSIBLE, "G08");
    long maxWait = semantics.maxIdleWaitMillis();
    Random random = Tck.random("G08");
    bounded("G08", () -> {
      ManualTriggerLoop loop = new ManualTriggerLoop(kit.newPolicy(), BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
      for (int i = 0; i < TICKS; i++) {
        TriggerState state = loop.state();
        TriggerDecision decision = loop.step(random.nextLong(1_000), random.nextInt(3) == 0);
        if (decision.isStop() || state.triggers() == 0 || state.lastTriggerRanBatch()) {
          continue; // G07 judges these
        }
        long wait = decision.runAtMillis() - state.nowMillis();
        if (wait <= 0 || wait > maxWait) {
          fail("G08 after a trigger without data the default policy must wait more than 0 and at most " + maxWait
              + " ms (the kit's bound) before looking again; after " + state + " it waited " + wait + " ms"
              + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G09 the first trigger starts at once (an interval policy: at the latest on the first boundary)")
  void g09_firstTriggerStartsAtOnce() {
    Random random = Tck.random("G09");
    List<Long> nows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      nows.add(BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
    }
    if (semantics.kind() == Kind.INTERVAL) {
      long interval = semantics.intervalMillis();
      long k = BASE_MILLIS / interval;
      nows.addAll(List.of(k * interval - 1, k * interval, k * interval + 1));
    }
    bounded("G09", () -> {
      for (long now : nows) {
        TriggerState state = TriggerState.initial(now);
        long latest = semantics.kind() == Kind.INTERVAL ? boundaryAfter(now, semantics.intervalMillis()) : now;
        TriggerDecision decision = ask(kit.newPolicy(), state, "G09");
        if (decision.isStop() || decision.runAtMillis() > latest) {
          fail("G09 a policy claiming " + semantics + " must start its first trigger at " + latest + " at the latest; for "
              + state + " it decided: " + decision + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G10 next() answers any state in bounded time and never schedules before the last start (before now for the first)")
  void g10_answersPromptlyAndNeverSchedulesInThePast() {
    Random random = Tck.random("G10");
    List<TriggerState> states = randomStates(random, 2_000);
    bounded("G10", () -> {
      TriggerPolicy policy = kit.newPolicy();
      for (TriggerState state : states) {
        TriggerDecision decision = ask(policy, state, "G10");
        long earliest = state.triggers() == 0 ? state.nowMillis() : state.lastTriggerStartMillis();
        if (!decision.isStop() && decision.runAtMillis() < earliest) {
          fail("G10 a trigger must never be scheduled before " + (state.triggers() == 0 ? "now" : "the last trigger's start")
              + " (" + earliest + "); for " + state + " the policy decided: " + decision + Tck.seedHint());
        }
      }
    });
  }

  @Test
  @DisplayName("G11 stop is final: once the policy decides stop, it decides stop whenever it is asked later")
  void g11_stopIsFinal() {
    Capability.require(semantics.stops(), "G11 applies to policies that stop (once, availableNow); the kit claims "
        + semantics + ", which never stops");
    Random random = Tck.random("G11");
    bounded("G11", () -> {
      TriggerPolicy policy = kit.newPolicy();
      ManualTriggerLoop loop = new ManualTriggerLoop(policy, BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS));
      int withData = random.nextInt(5);
      for (int i = 0; i < 100 && !loop.stopped(); i++) {
        loop.step(random.nextLong(10_000), i < withData);
      }
      assertTrue(loop.stopped(), () -> "G11 a policy claiming " + semantics + " did not stop within 100 triggers ("
          + withData + " with data, then none); decisions: " + loop.decisions() + Tck.seedHint());
      TriggerState atStop = loop.state();
      for (int i = 0; i < 100; i++) {
        TriggerState later = new TriggerState(atStop.triggers(), atStop.lastTriggerStartMillis(),
            atStop.nowMillis() + 1 + random.nextLong(86_400_000L), atStop.lastTriggerRanBatch());
        for (TriggerPolicy asked : List.of(policy, kit.newPolicy())) {
          TriggerDecision decision = ask(asked, later, "G11");
          if (!decision.isStop()) {
            fail("G11 the policy decided stop for " + atStop + " but, asked again at " + later.nowMillis() + " ("
                + later + "), it decided: " + decision + Tck.seedHint());
          }
        }
      }
    });
  }

  @Test
  @DisplayName("G12 next() is deterministic: the same state gives the same decision, on the same or a fresh instance")
  void g12_nextIsDeterministic() {
    Random random = Tck.random("G12");
    List<TriggerState> states = randomStates(random, 500);
    bounded("G12", () -> {
      TriggerPolicy policy = kit.newPolicy();
      List<TriggerDecision> first = new ArrayList<>();
      for (TriggerState state : states) {
        first.add(ask(policy, state, "G12"));
      }
      TriggerPolicy fresh = kit.newPolicy();
      for (int i = states.size() - 1; i >= 0; i--) {
        TriggerState state = states.get(i);
        sameDecision(first.get(i), ask(policy, state, "G12"), state, "asked again, after other states");
        sameDecision(first.get(i), ask(fresh, state, "G12"), state, "asked on a fresh instance");
      }
    });
  }

  private static void sameDecision(TriggerDecision expected, TriggerDecision actual, TriggerState state, String how) {
    if (expected.isStop() != actual.isStop() || expected.runAtMillis() != actual.runAtMillis()) {
      fail("G12 a policy must be a pure function of the state; for " + state + " it decided " + expected
          + " the first time and " + actual + " when " + how + Tck.seedHint());
    }
  }

  /** Random states a run could reach: first triggers and later ones, with a recent last start. */
  private List<TriggerState> randomStates(Random random, int count) {
    long span = semantics.kind() == Kind.INTERVAL ? 3 * semantics.intervalMillis() : 60_000;
    List<TriggerState> states = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long now = BASE_MILLIS + random.nextLong(TEN_YEARS_MILLIS);
      if (random.nextInt(5) == 0) {
        states.add(TriggerState.initial(now));
      } else {
        long triggers = 1 + random.nextInt(1_000_000);
        states.add(new TriggerState(triggers, now - random.nextLong(span + 1), now, random.nextBoolean()));
      }
    }
    return states;
  }

  private static TriggerDecision ask(TriggerPolicy policy, TriggerState state, String rule) {
    TriggerDecision decision = policy.next(state);
    assertNotNull(decision, () -> rule + " next() must return a decision; it returned null for " + state);
    return decision;
  }

  private void requireKind(Kind kind, String rule) {
    Capability.require(semantics.kind() == kind,
        rule + " applies to policies claiming " + kind + "; the kit claims " + semantics);
  }

  /** Runs a rule's body, failing if it takes longer than the (scaled) rule timeout. */
  private static void bounded(String rule, Executable body) {
    Duration limit = Tck.timeout(RULE_TIMEOUT);
    assertTimeoutPreemptively(limit, body, () -> rule + " did not finish within " + limit.toMillis()
        + " ms although no real time passes on the manual clock: next() must decide from the state alone, without"
        + " blocking or sleeping");
  }

  private static long boundaryAfter(long millis, long interval) {
    return Math.floorDiv(millis, interval) * interval + interval;
  }
}
