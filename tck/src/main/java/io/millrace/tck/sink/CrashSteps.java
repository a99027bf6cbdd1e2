package io.millrace.tck.sink;

import io.millrace.spi.fault.FaultInjector;
import io.millrace.spi.fault.FaultPoint;
import io.millrace.spi.storage.Storage;
import io.millrace.tck.CrashAt;
import io.millrace.tck.FaultLog;
import io.millrace.tck.storage.FaultInjectingStorage;
import io.millrace.tck.storage.FaultInjectingStorage.Moment;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The steps a sink takes inside {@code addBatch}, learnt from a clean run of one batch: every
 * {@link FaultPoint} it reports through {@code PluginContext.faultInjector()} (each report of a
 * point counts: a sink between three durable steps reports twice), and every file it publishes
 * through {@code PluginContext.storage()}, before and after which a crash may come. K09, K10
 * and K12 then crash a later batch at each step in turn.
 */
final class CrashSteps {
  private final FaultLog log = new FaultLog();
  private final Map<Storage, FaultInjectingStorage> counted = new IdentityHashMap<>();
  private final List<Storage> order = new ArrayList<>();

  /** What the probing instance reports to. */
  FaultInjector faults() {
    return log;
  }

  /** How the probing instance sees its storages: through wrappers that count what it publishes. */
  UnaryOperator<Storage> storages() {
    return s -> {
      synchronized (this) {
        return counted.computeIfAbsent(s, k -> {
          order.add(k);
          return new FaultInjectingStorage(k, FaultPoint.INSIDE_SINK_WRITE);
        });
      }
    };
  }

  /** The steps of the clean run of batch {@code batch}, in the order a crash at them is tried. */
  synchronized List<Step> of(long batch) {
    List<Step> steps = new ArrayList<>();
    log.counts(batch).forEach((point, count) -> {
      for (int n = 1; n <= count; n++) {
        steps.add(new Reported(point, n));
      }
    });
    for (int i = 0; i < order.size(); i++) {
      int publishes = counted.get(order.get(i)).publishes();
      for (int n = 1; n <= publishes; n++) {
        for (Moment moment : Moment.values()) {
          steps.add(new Published(order.get(i), i + 1, n, publishes, moment));
        }
      }
    }
    return steps;
  }

  /** What the clean run of {@code batch} showed, for messages. */
  synchronized String describe(long batch) {
    List<String> parts = new ArrayList<>();
    log.counts(batch).forEach((point, count) -> parts.add(point + " reported " + count + "x"));
    for (int i = 0; i < order.size(); i++) {
      parts.add(counted.get(order.get(i)).publishes() + " file(s) published through storage " + (i + 1));
    }
    return parts.isEmpty() ? "no reported point and no published file" : String.join(", ", parts);
  }

  /** A place to crash a sink at, for one batch. */
  sealed interface Step permits Reported, Published {
    Armed arm(long batch);
  }

  /** A crash armed for one instance: what its context reports to and how it sees storage, and whether it came. */
  interface Armed {
    FaultInjector faults();

    UnaryOperator<Storage> storages();

    boolean fired();
  }

  /** The {@code occurrence}-th report of {@code point}. */
  record Reported(FaultPoint point, int occurrence) implements Step {
    @Override
    public Armed arm(long batch) {
      CrashAt crash = CrashAt.point(point, batch, occurrence);
      return new Armed() {
        @Override
        public FaultInjector faults() {
          return crash;
        }

        @Override
        public UnaryOperator<Storage> storages() {
          return UnaryOperator.identity();
        }

        @Override
        public boolean fired() {
          return crash.fired();
        }
      };
    }

    @Override
    public String toString() {
      return point + (occurrence > 1 ? " (report " + occurrence + ")" : "");
    }
  }

  /** {@code moment} the {@code nth} of {@code of} files published through storage number {@code index}. */
  record Published(Storage storage, int index, int nth, int of, Moment moment) implements Step {
    @Override
    public Armed arm(long batch) {
      FaultInjectingStorage crashing = new FaultInjectingStorage(storage, FaultPoint.INSIDE_SINK_WRITE).crashAtPublish(nth, moment);
      return new Armed() {
        @Override
        public FaultInjector faults() {
          return FaultInjector.NONE;
        }

        @Override
        public UnaryOperator<Storage> storages() {
          return s -> s == storage ? crashing : s;
        }

        @Override
        public boolean fired() {
          return crashing.crashed();
        }
      };
    }

    @Override
    public String toString() {
      return (moment == Moment.BEFORE_PUBLISH ? "before" : "after") + " publishing file " + nth + " of " + of
          + " (storage " + index + ")";
    }
  }
}
