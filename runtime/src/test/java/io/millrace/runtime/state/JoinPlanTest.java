package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.runtime.expr.ExpressionParser;
import io.millrace.runtime.expr.TimeWindow;
import io.millrace.spi.data.Field;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * How a join condition bounds each side's state. The figures follow Spark's
 * {@code StreamingJoinHelper}: for {@code rts BETWEEN lts AND lts + 15 s}, a left row can match
 * no right row above the watermark W once {@code lts < W - 15 s}, a right row no left row once
 * {@code rts < W}; a bound that is not strict keeps a row exactly at it 1 ms longer, which the
 * Spark facts of {@link StreamJoinSparkFactsTest} pin (its inner_time scenario keeps the right
 * row at 00:50 in the batch whose watermark is 00:50).
 */
class JoinPlanTest {
  private static final Schema LEFT = Schema.parse("lk INT, lts TIMESTAMP, lv STRING");
  private static final Schema RIGHT = Schema.parse("rk INT, rts TIMESTAMP, rv STRING");
  private static final long W = 1_000_000_000_000L;
  private static final long SECOND = 1_000_000L;

  private static JoinPlan plan(String type, String condition, boolean leftWatermark, boolean rightWatermark) {
    return JoinPlan.bind(JoinType.parse(type), ExpressionParser.parseExpression(condition), LEFT, RIGHT,
        leftWatermark ? Optional.of("lts") : Optional.empty(), rightWatermark ? Optional.of("rts") : Optional.empty());
  }

  @Test
  void aRangeConditionBoundsBothSidesKeepingRowsAtANonStrictBound1MsLonger() {
    JoinPlan p = plan("inner", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true, true);
    assertThat(p.stateWatermark(0, W)).isEqualTo(W - 15 * SECOND - 1000);
    assertThat(p.stateWatermark(1, W)).isEqualTo(W - 1000);
    assertThat(p.keyColumns(0)).containsExactly("lk");
    assertThat(p.keyColumns(1)).containsExactly("rk");
  }

  @Test
  void strictBoundsAndEitherOperandOrder() {
    JoinPlan p = plan("leftOuter", "lts + INTERVAL 15 SECONDS > rts AND lts < rts AND rk = lk", true, true);
    assertThat(p.stateWatermark(0, W)).isEqualTo(W - 15 * SECOND);
    assertThat(p.stateWatermark(1, W)).isEqualTo(W);
  }

  @Test
  void theTightestOfSeveralBoundsWins() {
    JoinPlan p = plan("inner", "lk = rk AND rts <= lts + INTERVAL 1 MINUTE AND rts <= lts + INTERVAL 10 SECONDS"
        + " AND rts >= lts - INTERVAL 5 SECONDS AND rts >= lts + INTERVAL 2 SECONDS", true, true);
    assertThat(p.stateWatermark(0, W)).isEqualTo(W - 10 * SECOND - 1000);
    assertThat(p.stateWatermark(1, W)).isEqualTo(W + 2 * SECOND - 1000);
  }

  @Test
  void aSideBoundsOnlyByTheOtherSidesWatermark() {
    // Without a watermark on the right, nothing says when a left row can no longer match.
    JoinPlan p = plan("inner", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true, false);
    assertThat(p.evicts(0)).isFalse();
    assertThat(p.evicts(1)).isTrue();
    assertThat(p.stateWatermark(0, W)).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void aWindowKeyWithAWatermarkBoundsBothSidesByTheWindowsEnd() {
    Schema left = Schema.of(LEFT.field(0), new Field("lw", TimeWindow.TYPE,
        true), LEFT.field(2));
    Schema right = Schema.of(RIGHT.field(0), new Field("rw",
        TimeWindow.TYPE, true), RIGHT.field(2));
    JoinPlan p = JoinPlan.bind(JoinType.LEFT_OUTER, ExpressionParser.parseExpression("lk = rk AND lw = rw"), left, right,
        Optional.of("lw"), Optional.empty());
    p.checkSupported(); // a left outer join whose left rows the window key bounds, though the right has no watermark
    assertThat(p.stateWatermark(0, W)).as("rows whose window ends at or before W go, as Spark's key predicate")
        .isEqualTo(W);
    assertThat(p.stateWatermark(1, W)).isEqualTo(W);
    Row window = Row.of(W - 10 * SECOND, W);
    Row ending = Row.of(1, window, "a");
    assertThat(p.expired(0, ending, W)).as("its window ends at W").isTrue();
    assertThat(p.expired(0, ending, W - 1)).isFalse();
    assertThat(p.late(0, ending, W)).as("late by the window's end, not its start").isTrue();
    assertThat(p.late(0, ending, W - 1)).isFalse();
    assertThat(p.late(1, Row.of(1, window, "x"), W)).as("the right side has no watermark")
        .isFalse();
  }

  @Test
  void noWatermarkNoEviction() {
    JoinPlan p = plan("inner", "lk = rk", true, true);
    assertThat(p.evicts(0)).isFalse();
    assertThat(p.evicts(1)).isFalse();
  }

  @Test
  void outerAndSemiJoinsNeedTheOtherSideToBoundTheirRowsAsSparkAsks() {
    assertThatThrownBy(() -> plan("leftOuter", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true,
        false).checkSupported()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("the right side has no watermark");
    assertThatThrownBy(() -> plan("left_semi", "lk = rk", true, true).checkSupported())
        .isInstanceOf(AnalysisException.class).hasMessageContaining("does not bound the right side's event time");
    assertThatThrownBy(() -> plan("rightOuter", "lk = rk AND rts <= lts + INTERVAL 15 SECONDS", true, true)
        .checkSupported()).hasMessageContaining("rightTime >= leftTime");
    // A full outer join needs one side bounded, as Spark 4.0.1 runs it (refused_full_outer_one_watermark).
    JoinPlan fullOuter = plan("full_outer", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true, false);
    fullOuter.checkSupported();
    assertThat(fullOuter.evicts(1)).isTrue();
  }

  @Test
  void badConditionsAreRefusedNamingWhatIsWrong() {
    assertThatThrownBy(() -> plan("inner", "rts > lts", true, true)).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("needs an equality of a column of each side");
    assertThatThrownBy(() -> plan("inner", "lk = rv", true, true)).hasMessageContaining("cannot compare lk (INT) with rv");
    assertThatThrownBy(() -> JoinPlan.bind(JoinType.INNER, ExpressionParser.parseExpression("lk = bk"), LEFT,
        Schema.parse("bk BIGINT"), Optional.empty(), Optional.empty()))
        .hasMessageContaining("join key lk = bk compares INT with LONG; cast one side");
    assertThatThrownBy(() -> JoinPlan.bind(JoinType.INNER, ExpressionParser.parseExpression("lk = lk"), LEFT, LEFT,
        Optional.empty(), Optional.empty())).hasMessageContaining("both sides have the column(s) [lk, lts, lv]");
    assertThatThrownBy(() -> plan("left_anti", "lk = rk", true, true))
        .hasMessageContaining("join type leftAnti is not supported between two streams");
    assertThatThrownBy(() -> JoinType.parse("cross")).hasMessageContaining("join type 'cross' is not supported");
    assertThatThrownBy(() -> JoinType.parse("sideways")).hasMessageContaining("unknown join type 'sideways'");
  }

  @Test
  void sparksSpellingsOfJoinTypes() {
    assertThat(JoinType.parse("left")).isEqualTo(JoinType.LEFT_OUTER);
    assertThat(JoinType.parse("LEFT_OUTER")).isEqualTo(JoinType.LEFT_OUTER);
    assertThat(JoinType.parse("outer")).isEqualTo(JoinType.FULL_OUTER);
    assertThat(JoinType.parse("right")).isEqualTo(JoinType.RIGHT_OUTER);
    assertThat(JoinType.parse("semi")).isEqualTo(JoinType.LEFT_SEMI);
  }

  @Test
  void outputSchemaNullsTheOuterSidesOther() {
    JoinPlan left = plan("leftOuter", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true, true);
    assertThat(left.outputSchema().toDdl()).isEqualTo("lk INT, lts TIMESTAMP, lv STRING, rk INT, rts TIMESTAMP, rv STRING");
    assertThat(plan("leftSemi", "lk = rk AND rts BETWEEN lts AND lts + INTERVAL 15 SECONDS", true, true).outputSchema())
        .isEqualTo(LEFT);
  }
}
