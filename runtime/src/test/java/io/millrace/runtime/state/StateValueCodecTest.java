package io.millrace.runtime.state;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.Column;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.CorruptFileException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The state value written straight from a buffer must be the very bytes the row codec writes
 * for the buffer's state row (checkpoints written either way are one format), and must read
 * back to the buffer the row would load.
 */
class StateValueCodecTest {
  private static final Schema INPUT = Schema.parse("k STRING, n BIGINT, x DOUBLE");
  private static final Double[] DOUBLES = {null, 0.0, -0.0, 1.5, -2.25, Double.NaN,
      Double.longBitsToDouble(0x7ff0_0000_0000_0001L), Double.POSITIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
  private static final Long[] LONGS = {null, 0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40};

  @Test
  void numbersAreEncodedWithoutARowAsTheRowCodecWouldEncodeTheirRow() {
    AggregationPlan plan = plan(count(col("k")), sum(col("n")), sum(col("x")), avg(col("x")), count(col("x")));
    StateValueCodec codec = new StateValueCodec(plan);
    assertThat(codec.direct()).isTrue();
    checkAgainstRows(plan, codec);
  }

  @Test
  void minAndMaxGoThroughTheRow() {
    AggregationPlan plan = plan(count(col("k")), max(col("k")), sum(col("x")));
    StateValueCodec codec = new StateValueCodec(plan);
    assertThat(codec.direct()).isFalse();
    checkAgainstRows(plan, codec);
  }

  @Test
  void aValueOfTheWrongShapeIsReportedAsCorrupt() {
    StateValueCodec codec = new StateValueCodec(plan(count(col("k")), sum(col("n"))));
    assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0})).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("ends after 3 bytes");
    assertThatThrownBy(() -> codec.decode(new byte[] {0, 0})).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("NOT NULL");
    assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 9}))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("1 unexpected bytes");
  }

  private static void checkAgainstRows(AggregationPlan plan, StateValueCodec codec) {
    RowCodec rows = new RowCodec(plan.valueSchema());
    SplittableRandom random = new SplittableRandom(5);
    for (int n = 0; n < 20_000; n++) {
      AggBuffer buffer = plan.newBuffer();
      for (int r = random.nextInt(0, 4); r > 0; r--) {
        Row input = Row.of(random.nextBoolean() ? "a" : null, LONGS[random.nextInt(LONGS.length)],
            DOUBLES[random.nextInt(DOUBLES.length)]);
        plan.update(buffer, input, EvalContext.ofBatchTimestamp(0));
      }
      byte[] expected = rows.encode(plan.stateRow(buffer));
      byte[] encoded = codec.encode(buffer);
      assertThat(encoded).as("buffer %s", buffer).isEqualTo(expected);
      AggBuffer loaded = plan.buffer(rows.decode(expected));
      AggBuffer decoded = codec.decode(encoded);
      assertThat(decoded.words).as("buffer %s", buffer).isEqualTo(loaded.words);
      assertThat(decoded.objects).isEqualTo(loaded.objects);
      assertThat(Arrays.equals(codec.encode(decoded), expected)).as("a decoded buffer encodes as it was").isTrue();
    }
  }

  private static AggregationPlan plan(Column... aggregates) {
    List<Expression> aggs = Stream.of(aggregates).map(c -> ApiExpressions.of(c.node())).toList();
    return AggregationPlan.bind(List.of(ApiExpressions.of(col("k").node())), aggs, INPUT, Optional.empty());
  }
}
