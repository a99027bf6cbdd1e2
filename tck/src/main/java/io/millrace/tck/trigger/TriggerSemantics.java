package io.millrace.tck.trigger;

import java.time.Duration;
import java.util.Objects;

/**
 * What a trigger policy claims to do, so that {@link TriggerPolicyContractSuite} knows which
 * rules apply to it. One of:
 * <ul>
 *   <li>{@link #interval(Duration)}: triggers start on multiples of the interval since the
 *       epoch, as in Spark's {@code ProcessingTimeExecutor}; never stops;</li>
 *   <li>{@link #once()}: one trigger, then stop;</li>
 *   <li>{@link #availableNow()}: back-to-back triggers while they find data, stop at the first
 *       that finds none; bounded to the data present at start;</li>
 *   <li>{@link #asSoonAsPossible()}: the default policy; the next trigger at once after a
 *       batch, after a positive, bounded wait when a trigger found no data; never stops.</li>
 * </ul>
 */
public final class TriggerSemantics {
  /** The longest idle wait {@link #asSoonAsPossible()} accepts. */
  public static final Duration DEFAULT_MAX_IDLE_WAIT = Duration.ofMinutes(1);

  /** The four kinds of claim. */
  public enum Kind { INTERVAL, ONCE, AVAILABLE_NOW, AS_SOON_AS_POSSIBLE }

  private final Kind kind;
  private final long millis;

  private TriggerSemantics(Kind kind, long millis) {
    this.kind = kind;
    this.millis = millis;
  }

  /** Triggers on multiples of {@code interval} (a positive whole number of milliseconds). */
  public static TriggerSemantics interval(Duration interval) {
    return new TriggerSemantics(Kind.INTERVAL, positiveWholeMillis(interval, "interval"));
  }

  /** One trigger, then stop. */
  public static TriggerSemantics once() {
    return new TriggerSemantics(Kind.ONCE, 0);
  }

  /** Back to back while triggers find data; stop at the first that finds none. */
  public static TriggerSemantics availableNow() {
    return new TriggerSemantics(Kind.AVAILABLE_NOW, 0);
  }

  /** The default policy, waiting at most {@link #DEFAULT_MAX_IDLE_WAIT} after an idle trigger. */
  public static TriggerSemantics asSoonAsPossible() {
    return asSoonAsPossible(DEFAULT_MAX_IDLE_WAIT);
  }

  /** The default policy, waiting at most {@code maxIdleWait} after a trigger without data. */
  public static TriggerSemantics asSoonAsPossible(Duration maxIdleWait) {
    return new TriggerSemantics(Kind.AS_SOON_AS_POSSIBLE, positiveWholeMillis(maxIdleWait, "maxIdleWait"));
  }

  private static long positiveWholeMillis(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero() || d.toNanos() % 1_000_000 != 0) {
      throw new IllegalArgumentException(what + " must be a positive whole number of milliseconds, got " + d);
    }
    return d.toMillis();
  }

  public Kind kind() {
    return kind;
  }

  /** The interval in milliseconds; only for {@link Kind#INTERVAL}. */
  public long intervalMillis() {
    requireKind(Kind.INTERVAL);
    return millis;
  }

  /** The longest allowed wait after a trigger without data; only for {@link Kind#AS_SOON_AS_POSSIBLE}. */
  public long maxIdleWaitMillis() {
    requireKind(Kind.AS_SOON_AS_POSSIBLE);
    return millis;
  }

  /** Whether the policy ever stops the query on its own. */
  public boolean stops() {
    return kind == Kind.ONCE || kind == Kind.AVAILABLE_NOW;
  }

  private void requireKind(Kind wanted) {
    if (kind != wanted) {
      throw new IllegalStateException("only " + wanted + " semantics have this value; these are " + this);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TriggerSemantics other && other.kind == kind && other.millis == millis;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, millis);
  }

  @Override
  public String toString() {
    switch (kind) {
      case INTERVAL:
        return "interval(" + millis + " ms)";
      case AS_SOON_AS_POSSIBLE:
        return "asSoonAsPossible(idle wait at most " + millis + " ms)";
      case ONCE:
        return "once";
      default:
        return "availableNow";
    }
  }
}
