package io.millrace.runtime.expr;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * An {@code INTERVAL} literal — {@code INTERVAL 1 HOUR}, {@code INTERVAL '30' MINUTE},
 * {@code INTERVAL '1 02:03:04.5' DAY TO SECOND}, {@code INTERVAL '1-2' YEAR TO MONTH},
 * {@code INTERVAL 1 DAY 2 HOURS} — as months and microseconds. Millrace has no INTERVAL type:
 * the literal may only be added to or subtracted from a DATE, TIMESTAMP or TIMESTAMP_NTZ
 * ({@link Arithmetic}), which covers what streaming queries write it for.
 */
public final class IntervalLiteral extends Expression {
  private final int months;
  private final long micros;
  private final String text;

  IntervalLiteral(int months, long micros, String text) {
    this.months = months;
    this.micros = micros;
    this.text = text;
  }

  int months() {
    return months;
  }

  long micros() {
    return micros;
  }

  /** The months and micros of {@code amount} of {@code unit} (YEAR(S), MONTH(S), .., MICROSECOND(S)), added to {@code into}. */
  static long[] add(long[] into, BigDecimal amount, String unit) {
    String u = unit.toUpperCase(Locale.ROOT);
    u = u.endsWith("S") ? u.substring(0, u.length() - 1) : u;
    switch (u) {
      case "YEAR": into[0] += amount.multiply(BigDecimal.valueOf(12)).intValueExact(); break;
      case "MONTH": into[0] += amount.intValueExact(); break;
      case "WEEK": into[1] += amount.multiply(BigDecimal.valueOf(7 * Timestamps.MICROS_PER_DAY)).longValueExact(); break;
      case "DAY": into[1] += amount.multiply(BigDecimal.valueOf(Timestamps.MICROS_PER_DAY)).longValueExact(); break;
      case "HOUR": into[1] += amount.multiply(BigDecimal.valueOf(Timestamps.MICROS_PER_HOUR)).longValueExact(); break;
      case "MINUTE": into[1] += amount.multiply(BigDecimal.valueOf(Timestamps.MICROS_PER_MINUTE)).longValueExact(); break;
      case "SECOND": into[1] += amount.movePointRight(6).longValueExact(); break;
      case "MILLISECOND": into[1] += amount.movePointRight(3).longValueExact(); break;
      case "MICROSECOND": into[1] += amount.longValueExact(); break;
      default: throw new IllegalArgumentException("unknown interval unit '" + unit + "'; known: YEAR, MONTH, WEEK, DAY, "
          + "HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND");
    }
    return into;
  }

  @Override
  public BoundExpression bind(Schema input) {
    throw new AnalysisException("cannot resolve '" + text + "': Millrace has no INTERVAL type; an INTERVAL literal can "
        + "only be added to or subtracted from a DATE, TIMESTAMP or TIMESTAMP_NTZ");
  }

  @Override
  public String defaultName() {
    return text;
  }

  @Override
  public String toString() {
    return text;
  }
}
