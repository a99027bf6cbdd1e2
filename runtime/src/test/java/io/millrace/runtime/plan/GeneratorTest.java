package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.explode;
import static io.millrace.api.functions.posexplode;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswerInOrder;
import static io.millrace.api.testing.StreamTest.testStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.api.Dataset;
import io.millrace.api.MillraceSession;
import io.millrace.api.testing.MemoryStream;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import io.millrace.spi.sink.OutputMode;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generators in select, against Spark 4.0.1's rows and schemas for the same queries over the view
 * <pre>
 * CREATE TEMPORARY VIEW t AS SELECT * FROM VALUES (1, array(10, 20), map('a', 1, 'b', 2), '{"x":1,"y":"s"}'),
 *   (2, array(), map(), '{"x":null}'), (3, NULL, NULL, NULL), (4, array(NULL, 5), map('c', NULL), 'not json')
 *   AS t(id, arr, m, js)
 * </pre>
 * (each case's {@code SELECT .. FROM t} printed the schema and rows written here).
 */
class GeneratorTest {
  private static final Schema T = Schema.parse("id INT, arr ARRAY<INT>, m MAP<STRING, INT>, js STRING");

  private MillraceSession session;
  private MemoryStream in;

  @BeforeEach
  void start() {
    session = MillraceSession.builder().build();
    in = MemoryStream.create(T);
  }

  @AfterEach
  void stop() {
    in.close();
    session.close();
  }

  private static Row[] viewT() {
    return new Row[] {
        Row.of(1, List.of(10, 20), map("a", 1, "b", 2), "{\"x\":1,\"y\":\"s\"}"),
        Row.of(2, List.of(), map(), "{\"x\":null}"),
        Row.of(3, null, null, null),
        Row.of(4, Arrays.asList(null, 5), map("c", null), "not json")};
  }

  static Stream<Arguments> sparkFacts() {
    return Stream.of(
        fact("id, explode(arr)", "id INT, col INT", r(1, 10), r(1, 20), r(4, null), r(4, 5)),
        fact("id, explode_outer(arr)", "id INT, col INT", r(1, 10), r(1, 20), r(2, null), r(3, null), r(4, null), r(4, 5)),
        fact("id, posexplode(arr)", "id INT, pos INT, col INT", r(1, 0, 10), r(1, 1, 20), r(4, 0, null), r(4, 1, 5)),
        fact("id, posexplode_outer(arr)", "id INT, pos INT, col INT", r(1, 0, 10), r(1, 1, 20), r(2, null, null),
            r(3, null, null), r(4, 0, null), r(4, 1, 5)),
        fact("id, explode(m)", "id INT, key STRING, value INT", r(1, "a", 1), r(1, "b", 2), r(4, "c", null)),
        fact("id, explode_outer(m)", "id INT, key STRING, value INT", r(1, "a", 1), r(1, "b", 2), r(2, null, null),
            r(3, null, null), r(4, "c", null)),
        fact("id, posexplode(m)", "id INT, pos INT, key STRING, value INT", r(1, 0, "a", 1), r(1, 1, "b", 2),
            r(4, 0, "c", null)),
        fact("id, posexplode_outer(m)", "id INT, pos INT, key STRING, value INT", r(1, 0, "a", 1), r(1, 1, "b", 2),
            r(2, null, null, null), r(3, null, null, null), r(4, 0, "c", null)),
        fact("explode(arr) AS x, id", "x INT, id INT", r(10, 1), r(20, 1), r(null, 4), r(5, 4)),
        fact("id, posexplode(arr) AS (p, v)", "id INT, p INT, v INT", r(1, 0, 10), r(1, 1, 20), r(4, 0, null), r(4, 1, 5)),
        fact("id, explode(m) AS (k, v)", "id INT, k STRING, v INT", r(1, "a", 1), r(1, "b", 2), r(4, "c", null)),
        fact("id, json_tuple(js, 'x', 'y')", "id INT, c0 STRING, c1 STRING", r(1, "1", "s"), r(2, null, null),
            r(3, null, null), r(4, null, null)),
        fact("id, json_tuple(js, 'x', 'y') AS (a, b)", "id INT, a STRING, b STRING", r(1, "1", "s"), r(2, null, null),
            r(3, null, null), r(4, null, null)),
        fact("id, inline(array(named_struct('p', id, 'q', 'x'), named_struct('p', id + 1, 'q', 'y')))",
            "id INT, p INT, q STRING", r(1, 1, "x"), r(1, 2, "y"), r(2, 2, "x"), r(2, 3, "y"), r(3, 3, "x"), r(3, 4, "y"),
            r(4, 4, "x"), r(4, 5, "y")),
        fact("id, inline(CAST(NULL AS ARRAY<STRUCT<p: INT, q: STRING>>))", "id INT, p INT, q STRING"),
        fact("id, inline_outer(CAST(NULL AS ARRAY<STRUCT<p: INT, q: STRING>>))", "id INT, p INT, q STRING",
            r(1, null, null), r(2, null, null), r(3, null, null), r(4, null, null)),
        fact("id, explode(array(arr, arr))", "id INT, col ARRAY<INT>", r(1, List.of(10, 20)), r(1, List.of(10, 20)),
            r(2, List.of()), r(2, List.of()), r(3, null), r(3, null), r(4, Arrays.asList(null, 5)),
            r(4, Arrays.asList(null, 5))),
        // Spark 4 takes several generators in one select: every combination, the first varying slowest.
        // (Spark ran it unaliased, as "col INT, col INT"; Millrace refuses two columns of one name.)
        fact("explode(arr) AS a, explode(arr) AS b", "a INT, b INT", r(10, 10), r(10, 20), r(20, 10), r(20, 20),
            r(null, null), r(null, 5), r(5, null), r(5, 5)));
  }

  @ParameterizedTest(name = "SELECT {0}")
  @MethodSource("sparkFacts")
  void selectsAsSpark(String select, String schema, Row[] rows) {
    Dataset q = in.toDataset(session).selectExpr(topLevel(select, ','));
    assertThat(q.schema().fields().stream().map(f -> f.name() + " " + f.type()).toList())
        .isEqualTo(Arrays.stream(topLevel(schema, ',')).toList());
    testStream(q, OutputMode.APPEND).run(addData(in, viewT()), checkAnswerInOrder(rows));
  }

  @Test
  void literalGeneratorsAsSpark() {
    // SELECT json_tuple('{"x":{"a":1},"y":[1,2],"z":1.50,"s":"t\u00e9","b":true,"n":null}', 'x', 'y', 'z', 's', 'b', 'n', 'w')
    //   => [{"a":1},[1,2],1.5,té,true,null,null]
    // SELECT json_tuple('{"a":1,"a":2}', 'a') => [2];  json_tuple('[1,2]', 'a') => [null];
    // json_tuple('{"a":1} trailing', 'a') => [1];  json_tuple('', 'a') => [null]
    // SELECT explode(split('a,b,,c', ',')) => [a] [b] [] [c];  SELECT posexplode(array(1.5, 2.5)) => [0,1.5] [1,2.5]
    Dataset q = in.toDataset(session).where("id = 1").selectExpr(
        "json_tuple('{\"x\":{\"a\":1},\"y\":[1,2],\"z\":1.50,\"s\":\"t\\u00e9\",\"b\":true,\"n\":null}', "
            + "'x', 'y', 'z', 's', 'b', 'n', 'w')",
        "json_tuple('{\"a\":1,\"a\":2}', 'a') AS a2", "json_tuple('[1,2]', 'a') AS arr",
        "json_tuple('{\"a\":1} trailing', 'a') AS trailing", "json_tuple('', 'a') AS empty",
        "explode(split('a,b,,c', ',')) AS part");
    testStream(q, OutputMode.APPEND).run(addData(in, viewT()), checkAnswerInOrder(
        Stream.of("a", "b", "", "c").map(p -> Row.of("{\"a\":1}", "[1,2]", "1.5", "té", "true", null, null, "2", null, "1",
            null, p)).toArray(Row[]::new)));
  }

  @Test
  void theJavaApiNamesGeneratorColumns() {
    Dataset q = in.toDataset(session).select(col("id"), posexplode(col("arr")).as(new String[] {"p", "v"}))
        .withColumn("k", explode(col("m")).getField("x").isNull()).drop("k");
    assertThatThrownBy(q::schema).isInstanceOf(AnalysisException.class).hasMessageContaining("generator");
    Dataset ok = in.toDataset(session).select(col("id"), col("arr"), posexplode(col("arr")).as(new String[] {"p", "v"}))
        .withColumn("e", explode(col("arr"))).drop("arr");
    testStream(ok, OutputMode.APPEND).run(addData(in, Row.of(1, List.of(7, 8), map(), null)),
        checkAnswerInOrder(r(1, 0, 7, 7), r(1, 0, 7, 8), r(1, 1, 8, 7), r(1, 1, 8, 8)));
  }

  @Test
  void generatorsOutsideAWholeSelectColumnAreRefusedAsInSpark() {
    Dataset t = in.toDataset(session);
    // SELECT explode(arr) + 1 FROM t => [UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS]
    assertThatThrownBy(() -> t.selectExpr("explode(arr) + 1").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("generator explode(arr) is not supported nested in an expression");
    // SELECT id FROM t WHERE explode(arr) > 1 => [UNSUPPORTED_GENERATOR.OUTSIDE_SELECT]
    assertThatThrownBy(() -> t.where("explode(arr) > 1").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("outside select");
    // SELECT explode(id) FROM t => DATATYPE_MISMATCH: requires the ("ARRAY" or "MAP") type
    assertThatThrownBy(() -> t.selectExpr("explode(id)").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("needs an ARRAY or a MAP but 'id' is INT");
    // SELECT id, explode(m) AS k FROM t and explode(arr) AS (a, b) => [UDTF_ALIAS_NUMBER_MISMATCH]
    assertThatThrownBy(() -> t.selectExpr("explode(m) AS k").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("makes: 2 (key, value) but got 1");
    assertThatThrownBy(() -> t.selectExpr("explode(arr) AS (a, b)").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("makes: 1 (col) but got 2");
    // SELECT json_tuple('{"a":1}', NULL, 'a') => all arguments of the function `json_tuple` must be strings
    assertThatThrownBy(() -> t.selectExpr("json_tuple(js, id)").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("all arguments of json_tuple must be strings");
    assertThatThrownBy(() -> t.selectExpr("upper(js) AS (a, b)").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("is no generator");
  }

  /** {@code text} cut at each {@code separator} outside brackets, each part trimmed. */
  private static String[] topLevel(String text, char separator) {
    List<String> parts = new java.util.ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      depth += c == '(' || c == '<' ? 1 : c == ')' || c == '>' ? -1 : 0;
      if (c == separator && depth == 0) {
        parts.add(text.substring(from, i).trim());
        from = i + 1;
      }
    }
    parts.add(text.substring(from).trim());
    return parts.toArray(String[]::new);
  }

  private static Arguments fact(String select, String schema, Row... rows) {
    return Arguments.of(select, schema, rows);
  }

  private static Row r(Object... values) {
    return Row.of(values);
  }

  private static Map<String, Integer> map(Object... kv) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Integer) kv[i + 1]);
    }
    return m;
  }
}
