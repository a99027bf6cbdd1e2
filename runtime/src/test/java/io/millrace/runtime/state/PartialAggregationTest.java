package io.millrace.runtime.state;

import io.millrace.runtime.expr.ApiExpressions;
import static io.millrace.api.functions.avg;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.max;
import static io.millrace.api.functions.sum;
import static io.millrace.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The map side of a windowed aggregation, from its first group to thousands (its table and its
 * flat array of running values grow from nothing), against a map of buffer objects: the same
 * groups, in first-seen order, with the same values; min and max take the path of buffer objects.
 */
class PartialAggregationTest {
  private static final Schema INPUT = Schema.parse("ts TIMESTAMP, key STRING, amount DOUBLE");
  private static final long MINUTE = 60_000_000L;

  @ParameterizedTest(name = "encoded exchange: {0}")
  @ValueSource(booleans = {false, true})
  void numbersOnlyGroupsLaidOutFlatMatchBufferObjects(boolean encoded) {
    check(encoded, count(col("key")), sum(col("amount")), avg(col("amount")));
  }

  @ParameterizedTest(name = "encoded exchange: {0}")
  @ValueSource(booleans = {false, true})
  void groupsWithAMaxKeepBufferObjects(boolean encoded) {
    check(encoded, count(col("key")), max(col("key")), sum(col("amount")));
  }

  /** With {@code encoded}, the partials cross as bytes and the state side reads the same groups back. */
  private static void check(boolean encoded, Column... aggregates) {
    List<Expression> grouping = List.of(ApiExpressions.of(window(col("ts"), "1 minute").node()), ApiExpressions.of(col("key").node()));
    AggregationPlan plan = AggregationPlan.bind(grouping, Stream.of(aggregates).map(c -> ApiExpressions.of(c.node())).toList(),
        INPUT, Optional.of("ts"));
    RowCodec keyCodec = new RowCodec(plan.keySchema());
    KeyGroups keyGroups = new KeyGroups(128, 4);
    EvalContext context = EvalContext.ofBatchTimestamp(0);
    PartialAggregation partial = new PartialAggregation(plan, keyCodec, keyGroups, context, Long.MIN_VALUE, 0, false,
        encoded ? new StateValueCodec(plan) : null);
    Map<Row, AggBuffer> model = new LinkedHashMap<>();
    SplittableRandom random = new SplittableRandom(4);
    for (int n = 0; n < 30_000; n++) {
      long ts = random.nextLong(0, 5 * MINUTE);
      String key = "k" + random.nextInt(3_000) + (random.nextInt(50) == 0 ? "-too-long-to-pack" : "");
      Double amount = random.nextInt(10) == 0 ? null : random.nextInt(1000) / 4.0;
      Row row = Row.of(ts, key, amount);
      partial.add(row);
      long start = ts - ts % MINUTE;
      AggBuffer buffer = model.computeIfAbsent(Row.of(Row.of(start, start + MINUTE), key), k -> plan.newBuffer());
      plan.update(buffer, row, context);
    }
    partial.finish();
    assertThat(partial.exchangeBytes() > 0).isEqualTo(encoded);
    assertThat(partial.groupCount()).isEqualTo(model.size()).isGreaterThan(10_000);
    Map<Row, AggBuffer> routed = new LinkedHashMap<>();
    List<Row> expectedOrder = new ArrayList<>();
    for (int p = 0; p < keyGroups.partitions(); p++) {
      for (PartialAggregation.Partial g : partial.routedTo(p)) {
        assertThat(keyGroups.partition(g.key().bytes)).isEqualTo(p);
        routed.put(g.keyRow(), g.buffer());
      }
    }
    for (Row key : model.keySet()) {
      if (keyGroups.partition(keyCodec.encode(key)) == 0) {
        expectedOrder.add(key);
      }
    }
    assertThat(partial.routedTo(0)).extracting(PartialAggregation.Partial::keyRow)
        .as("a partition's groups in first-seen order").containsExactlyElementsOf(expectedOrder);
    assertThat(routed.keySet()).containsExactlyInAnyOrderElementsOf(model.keySet());
    for (Map.Entry<Row, AggBuffer> e : model.entrySet()) {
      AggBuffer got = routed.get(e.getKey());
      assertThat(got.words).as("group %s", e.getKey()).isEqualTo(e.getValue().words);
      assertThat(got.objects).as("group %s", e.getKey()).isEqualTo(e.getValue().objects);
    }
  }
}
