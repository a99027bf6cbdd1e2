package io.millrace.runtime.state;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The map side folds rows into groups laid out flat in one array, with update code of its own;
 * that must leave exactly the words the buffer objects' update would, null flags and the first value of a
 * double sum (-0.0 stays -0.0) included, whatever the group's place in the array.
 */
class FlatBufferUpdateTest {
  private static final Schema INPUT = Schema.parse("k STRING, n BIGINT, x DOUBLE");
  private static final Double[] DOUBLES = {null, 0.0, -0.0, 1.5, -2.25, Double.NaN, Double.POSITIVE_INFINITY, 1e300};
  private static final Long[] LONGS = {null, 0L, -1L, 7L, Long.MAX_VALUE};

  @Test
  void flatGroupsHoldTheWordsTheirBufferObjectsWould() {
    AggregationPlan plan = plan(count(col("k")), sum(col("n")), sum(col("x")), avg(col("x")), count(col("n")),
        sum(col("x")).as("again"));
    int width = plan.bufferWidth();
    int groups = 2_000; // many groups of a row or two: a sum of -0.0 alone must stay -0.0
    long[] flat = new long[groups * width];
    AggBuffer[] objects = new AggBuffer[groups];
    for (int g = 0; g < groups; g++) {
      plan.initFlat(flat, g * width);
      objects[g] = plan.newBuffer();
    }
    SplittableRandom random = new SplittableRandom(9);
    EvalContext context = EvalContext.ofBatchTimestamp(0);
    for (int n = 0; n < 3_000; n++) {
      int g = random.nextInt(groups);
      Row row = Row.of(random.nextBoolean() ? "a" : null, LONGS[random.nextInt(LONGS.length)],
          DOUBLES[random.nextInt(DOUBLES.length)]);
      plan.update(flat, g * width, row, context);
      plan.update(objects[g], row, context);
    }
    for (int g = 0; g < groups; g++) {
      assertThat(plan.bufferOf(flat, g * width).words).as("group %d", g).isEqualTo(objects[g].words);
    }
    long[] untouched = new long[width];
    plan.initFlat(untouched, 0);
    assertThat(Arrays.equals(plan.bufferOf(untouched, 0).words, plan.newBuffer().words)).isTrue();
  }

  private static AggregationPlan plan(Column... aggregates) {
    List<Expression> aggs = Stream.of(aggregates).map(c -> ApiExpressions.of(c.node())).toList();
    return AggregationPlan.bind(List.of(ApiExpressions.of(col("k").node())), aggs, INPUT, Optional.empty());
  }
}
