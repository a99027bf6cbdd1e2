package io.millrace.runtime.state;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.count;
import static io.millrace.api.functions.session_window;
import static io.millrace.api.functions.upper;
import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.api.Column;
import io.millrace.runtime.expr.ApiExpressions;
import io.millrace.runtime.expr.EvalContext;
import io.millrace.runtime.expr.Expression;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The map side of session_window encodes each row's key into one reused buffer, straight from the
 * input's columns where the key is columns; the keys routed must be the encoded key rows, in
 * either case, each row to the partition owning its key, rows of no time dropped.
 */
class SessionRowsTest {
  private static final Schema INPUT = Schema.parse("k STRING, n BIGINT, ts TIMESTAMP");
  private static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(0);

  @Test
  void keysOfColumnsAndOfExpressionsAreTheEncodedKeyRows() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      rows.add(Row.of(i % 7 == 0 ? null : "key-" + (i % 37) + "-ünï", i % 5 == 0 ? null : (long) (i % 11),
          i % 13 == 0 ? null : i * 1_000_000L));
    }
    for (AggregationPlan plan : List.of(plan(col("n"), col("k")), plan(upper(col("k")), col("n")))) {
      KeyGroups keyGroups = new KeyGroups(64, 3);
      RowCodec keyCodec = new RowCodec(plan.keySchema());
      SessionRows routed = new SessionRows(plan, keyCodec, keyGroups, CONTEXT, Long.MIN_VALUE);
      List<String> expected = new ArrayList<>();
      for (Row row : rows) {
        routed.add(row);
        if (row.get(2) != null) {
          byte[] key = keyCodec.encode(plan.sessionKey(row, CONTEXT));
          expected.add(keyGroups.partitionOfHash(KeyGroups.hash(key, 0, key.length)) + " " + Arrays.toString(key));
        }
      }
      routed.finish();
      List<String> actual = new ArrayList<>();
      for (Row row : rows) {
        for (int p = 0; p < 3; p++) {
          RoutedRows.Bucket bucket = routed.routedTo(p);
          for (int i = 0; i < bucket.size(); i++) {
            if (bucket.row(i) == row) {
              actual.add(p + " " + Arrays.toString(bucket.key(i)));
            }
          }
        }
      }
      assertThat(actual).isEqualTo(expected);
      assertThat(routed.nullTimes()).isEqualTo(rows.stream().filter(r -> r.get(2) == null).count());
    }
  }

  private static AggregationPlan plan(Column... keys) {
    List<Expression> grouping = new ArrayList<>();
    Stream.of(keys).forEach(k -> grouping.add(ApiExpressions.of(k.node())));
    grouping.add(1, ApiExpressions.of(session_window(col("ts"), "10 seconds").node()));
    return AggregationPlan.bind(grouping, List.of(ApiExpressions.of(count(col("n")).node())), INPUT, Optional.empty());
  }
}
