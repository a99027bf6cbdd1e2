package io.millrace.runtime.state;

import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswer;
import static io.millrace.api.testing.StreamAction.checkLastBatch;
import static io.millrace.api.testing.StreamAction.startStream;
import static io.millrace.api.testing.StreamAction.stopStream;
import static io.millrace.api.testing.StreamTest.testStream;

import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The aggregates of issue 16 in streaming aggregations, across a restart, against Spark 4.0.1's
 * rows for the same input (all rows of a group in one batch; its groups by k):
 * <pre>
 * SELECT k, mean(v), count_if(v > 1), stddev(v), stddev_pop(v), variance(v), var_pop(v)
 *   FROM VALUES ('a', 1.0D), ('a', 2.0D), ('a', 4.0D), ('b', 3.0D), ('c', NULL) AS t(k, v) GROUP BY k
 *   => a | 2.3333333333333335 | 2 | 1.5275252316519465 | 1.247219128924647 | 2.333333333333333 | 1.5555555555555554
 *      b | 3.0 | 1 | NULL | 0.0 | NULL | 0.0;   c | NULL | 0 | NULL | NULL | NULL | NULL
 * SELECT k, first(v), last(v), first(v, true), last(v, true) FROM VALUES ('a', NULL), ('a', 5), ('a', 7),
 *   ('a', NULL), ('b', NULL) AS t(k, v) GROUP BY k   => a | NULL | NULL | 5 | 7;  b | NULL | NULL | NULL | NULL
 * SELECT k, max_by(name, score), min_by(name, score) FROM VALUES ('a', 'x', 3), ('a', 'y', 9), ('a', 'z', NULL),
 *   ('a', NULL, 1), ('b', 'w', NULL) AS t(k, name, score) GROUP BY k   => a | y | NULL;  b | NULL | NULL
 * SELECT k, collect_list(v), collect_set(v) FROM VALUES ('a', 1), ('a', 2), ('a', 1), ('a', NULL), ('b', NULL)
 *   AS t(k, v) GROUP BY k   => a | [1, 2, 1] | [1, 2];  b | [] | []
 * </pre>
 */
class MoreAggregatesTest {
  private static MillraceSession session(String provider) {
    return MillraceSession.builder().config("millrace.state.provider", provider).build();
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void momentsAndCountIfInCompleteMode(String provider) {
    try (MillraceSession s = session(provider); MemoryStream in = MemoryStream.create(Schema.parse("k STRING, v DOUBLE"))) {
      Dataset q = in.toDataset(s).groupBy("k").agg(
          io.millrace.api.functions.expr("mean(v)"), io.millrace.api.functions.expr("count_if(v > 1)"),
          io.millrace.api.functions.expr("stddev(v)"), io.millrace.api.functions.expr("stddev_pop(v)"),
          io.millrace.api.functions.expr("variance(v)"), io.millrace.api.functions.expr("var_pop(v)"));
      testStream(q, OutputMode.COMPLETE).run(
          addData(in, Row.of("a", 1.0), Row.of("a", 2.0), Row.of("a", 4.0), Row.of("b", 3.0)),
          checkAnswer(Row.of("a", 2.3333333333333335, 2L, 1.5275252316519465, 1.247219128924647, 2.333333333333333,
              1.5555555555555554), Row.of("b", 3.0, 1L, null, 0.0, null, 0.0)),
          stopStream(),
          startStream(),
          addData(in, Row.of("c", null)),
          checkAnswer(Row.of("a", 2.3333333333333335, 2L, 1.5275252316519465, 1.247219128924647, 2.333333333333333,
              1.5555555555555554), Row.of("b", 3.0, 1L, null, 0.0, null, 0.0), Row.of("c", null, 0L, null, null, null, null)));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void firstLastMaxByAndCollectInUpdateMode(String provider) {
    try (MillraceSession s = session(provider);
        MemoryStream in = MemoryStream.create(Schema.parse("k STRING, v INT, name STRING, score INT"))) {
      Dataset q = in.toDataset(s).groupBy("k").agg(
          io.millrace.api.functions.expr("first(v)"), io.millrace.api.functions.expr("last(v)"),
          io.millrace.api.functions.expr("first(v, true)"), io.millrace.api.functions.expr("last(v, true)"),
          io.millrace.api.functions.expr("max_by(name, score)"), io.millrace.api.functions.expr("min_by(name, score)"),
          io.millrace.api.functions.expr("collect_list(v)"), io.millrace.api.functions.expr("collect_set(v)"));
      testStream(q, OutputMode.UPDATE).run(
          // a's rows: v as the first/last facts (NULL, 5, 7, NULL) and name/score as max_by's.
          addData(in, Row.of("a", null, "x", 3), Row.of("a", 5, "y", 9)),
          stopStream(),
          startStream(),
          addData(in, Row.of("a", 7, "z", null), Row.of("a", null, null, 1), Row.of("b", null, "w", null)),
          checkLastBatch(Row.of("a", null, null, 5, 7, "y", null, List.of(5, 7), List.of(5, 7)),
              Row.of("b", null, null, null, null, null, null, List.of(), List.of())));
    }
  }

  @ParameterizedTest(name = "state in {0}")
  @ValueSource(strings = {"hdfs", "rocksdb"})
  void collectKeepsOrderAndDuplicatesAcrossBatches(String provider) {
    try (MillraceSession s = session(provider); MemoryStream in = MemoryStream.create(Schema.parse("k STRING, v INT"))) {
      Dataset q = in.toDataset(s).groupBy("k").agg(io.millrace.api.functions.expr("collect_list(v)"),
          io.millrace.api.functions.expr("collect_set(v)"));
      testStream(q, OutputMode.COMPLETE).run(
          addData(in, Row.of("a", 1), Row.of("a", 2)),
          stopStream(),
          startStream(),
          addData(in, Row.of("a", 1), Row.of("a", null), Row.of("b", null)),
          checkAnswer(Row.of("a", List.of(1, 2, 1), List.of(1, 2)), Row.of("b", List.of(), List.of())));
    }
  }

  @SuppressWarnings("unused")
  private static final List<Object> NULLS = Arrays.asList((Object) null);
}
