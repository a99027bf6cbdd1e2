package io.millrace.tck;

import java.time.Duration;
import java.util.Random;

/**
 * The TCK's two knobs, read from system properties (or the environment):
 * <ul>
 *   <li>{@code millrace.tck.seed} ({@code MILLRACE_TCK_SEED}): the seed of every randomised
 *       rule. Unset, each run picks one; a failing rule prints the seed to rerun it with.</li>
 *   <li>{@code millrace.tck.timeoutScale} ({@code MILLRACE_TCK_TIMEOUT_SCALE}): multiplies every
 *       timeout, for slow machines. Timeouts only bound waiting; no result is decided by one.</li>
 * </ul>
 */
public final class Tck {
  private static final long SEED = initialSeed();

  private Tck() {}

  private static long initialSeed() {
    String given = setting("millrace.tck.seed", "MILLRACE_TCK_SEED");
    return given == null ? new Random().nextLong() : Long.parseLong(given.trim());
  }

  private static String setting(String property, String env) {
    String value = System.getProperty(property);
    return value != null ? value : System.getenv(env);
  }

  /** The seed of this run. */
  public static long seed() {
    return SEED;
  }

  /** A random generator seeded from {@link #seed()} and {@code salt}, so each rule has its own stream. */
  public static Random random(String salt) {
    return new Random(SEED ^ salt.hashCode());
  }

  /** {@code base} multiplied by the timeout scale. */
  public static Duration timeout(Duration base) {
    String scale = setting("millrace.tck.timeoutScale", "MILLRACE_TCK_TIMEOUT_SCALE");
    double factor = scale == null ? 1.0 : Double.parseDouble(scale.trim());
    return Duration.ofNanos((long) (base.toNanos() * Math.max(factor, 0.01)));
  }

  /** A message suffix that tells how to rerun a randomised rule. */
  public static String seedHint() {
    return " (seed " + SEED + "; rerun with -Dmillrace.tck.seed=" + SEED + ")";
  }
}
