package io.millrace.runtime.expr;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.time.Instant;

/**
 * One input schema and row that the expression tests evaluate against, so each test reads as
 * SQL text and the value it must give.
 */
final class ExprFixture {
  static final Schema SCHEMA = Schema.parse(
      "i INT NOT NULL, l LONG, d DOUBLE, s STRING, b BOOLEAN, ts TIMESTAMP, bin BINARY, n INT, ns STRING, nb BOOLEAN");

  /** 2026-09-14T23:59:57.067Z. */
  static final long TS = micros("2026-09-14T23:59:57.067Z");

  /** i=7, l=10, d=2.5, s='Hello', b=TRUE, ts=TS, bin=[1, 2]; n, ns and nb are NULL. */
  static final Row ROW = Row.of(7, 10L, 2.5, "Hello", true, TS, new byte[] {1, 2}, null, null, null);

  /** The batch time the fixture's context gives: 2030-01-02T03:04:05Z. */
  static final long BATCH = micros("2030-01-02T03:04:05Z");
  static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(BATCH);

  private ExprFixture() {
  }

  static long micros(String iso) {
    Instant i = Instant.parse(iso);
    return i.getEpochSecond() * 1_000_000L + i.getNano() / 1_000;
  }

  static BoundExpression bind(String sql) {
    return ExpressionParser.parseExpression(sql).bind(SCHEMA);
  }

  /** The value of {@code sql} on {@link #ROW}. */
  static Object eval(String sql) {
    return bind(sql).eval(ROW, CONTEXT);
  }

  static Object eval(Expression e) {
    return e.bind(SCHEMA).eval(ROW, CONTEXT);
  }
}
