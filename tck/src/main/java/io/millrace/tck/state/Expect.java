package io.millrace.tck.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.millrace.spi.state.StateStore;
import io.millrace.spi.state.StateStoreProvider;
import io.millrace.spi.state.StateVersionNotFoundException;
import io.millrace.tck.SimulatedCrash;
import java.util.Map;

/** The typed failures the rules expect, and the "whole or none" outcome of a version. */
final class Expect {
  private Expect() {}

  /** Reading {@code version} through {@code getReadStore} fails with StateVersionNotFoundException naming it. */
  static void missingRead(String rule, String how, StateStoreProvider provider, long version) {
    missing(rule, "getReadStore(" + version + ") " + how, version, () -> StateData.read(rule, provider, version));
  }

  /** Opening {@code version} through {@code getStore} fails with StateVersionNotFoundException naming it. */
  static void missingStore(String rule, String how, StateStoreProvider provider, long version) {
    missing(rule, "getStore(" + version + ") " + how, version, () -> {
      StateStore store = provider.getStore(version);
      try {
        StateData.contents(rule, store);
      } finally {
        store.abort();
      }
    });
  }

  private static void missing(String rule, String call, long version, Runnable read) {
    try {
      read.run();
    } catch (StateVersionNotFoundException e) {
      assertEquals(version, e.version(), rule + ": " + call + " failed naming version " + e.version() + ": " + e.getMessage());
      assertTrue(e.getMessage().contains(String.valueOf(version)),
          rule + ": the message of " + call + " does not name the version: " + e.getMessage());
      return;
    } catch (RuntimeException e) {
      fail(rule + ": " + call + " should fail with StateVersionNotFoundException naming version " + version
          + ", but threw " + e, e);
    }
    fail(rule + ": " + call + " should fail with StateVersionNotFoundException naming version " + version
        + ", but it succeeded");
  }

  /**
   * Version {@code version} is either complete (reads as {@code expected}) or absent (fails with
   * StateVersionNotFoundException naming it); returns whether it is present.
   */
  static boolean wholeOrNone(String rule, String how, StateStoreProvider provider, long version, Map<String, String> expected) {
    Map<String, String> read;
    try {
      read = StateData.read(rule, provider, version);
    } catch (StateVersionNotFoundException e) {
      assertEquals(version, e.version(), rule + ": version " + version + " " + how + " failed naming version " + e.version());
      return false;
    } catch (RuntimeException e) {
      return fail(rule + ": version " + version + " " + how + " should read complete or fail with"
          + " StateVersionNotFoundException, but threw " + e, e);
    }
    StateData.assertContents(rule + ": version " + version + " " + how + " is neither complete nor absent", expected, read);
    return true;
  }

  /** Runs {@code action}, which must end in a {@link SimulatedCrash} (possibly wrapped); false if it returned. */
  static boolean crashes(String rule, String what, Runnable action) {
    try {
      action.run();
      return false;
    } catch (Throwable t) {
      for (Throwable c = t; c != null; c = c.getCause()) {
        if (c instanceof SimulatedCrash) {
          return true;
        }
      }
      fail(rule + ": " + what + " should have ended in the simulated crash, but threw " + t, t);
      return false;
    }
  }
}
