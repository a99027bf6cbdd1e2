package io.millrace.runtime.plan;

import static io.millrace.api.functions.col;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.from_json;
import static io.millrace.api.functions.struct;
import static io.millrace.api.functions.to_json;
import static io.millrace.api.testing.StreamAction.addData;
import static io.millrace.api.testing.StreamAction.checkAnswerInOrder;
import static io.millrace.api.testing.StreamAction.expectFailure;
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
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a Kafka job does with the source's rows, against Spark 4.0.1's answers for the same
 * queries over this view of Kafka's row schema (each query's comment holds its SQL; the rows are
 * what Spark printed):
 * <pre>
 * CREATE TEMPORARY VIEW k AS SELECT * FROM VALUES
 *   (CAST('k1' AS BINARY), CAST('{"id": 1, "name": "a", "tags": ["x", "y"], "ts": "2026-09-15T00:00:01Z"}' AS BINARY),
 *    'in', 0, 10L, TIMESTAMP '2026-09-15 00:00:05', 0,
 *    array(named_struct('key', 'trace', 'value', CAST('t-1' AS BINARY)), named_struct('key', 'src', 'value', X'00FF'))),
 *   (NULL, CAST('{"id": 2, "name": null}' AS BINARY), 'in', 1, 11L, TIMESTAMP '2026-09-15 00:00:06', 0, array()),
 *   (CAST('k3' AS BINARY), CAST('not json' AS BINARY), 'in', 0, 12L, TIMESTAMP '2026-09-15 00:00:07', 1, NULL),
 *   (CAST('k4' AS BINARY), NULL, 'in', 1, 13L, TIMESTAMP '2026-09-15 00:00:08', 0,
 *    array(named_struct('key', 'trace', 'value', CAST(NULL AS BINARY))))
 *   AS k(key, value, topic, partition, offset, timestamp, timestampType, headers)
 * </pre>
 */
class KafkaRecordsSqlTest {
  private static final Schema KAFKA = Schema.parse("key BINARY, value BINARY, topic STRING, partition INT, offset LONG, "
      + "timestamp TIMESTAMP, timestampType INT, headers ARRAY<STRUCT<key STRING, value BINARY>>");
  private static final String DATA = "from_json(CAST(value AS STRING), 'id LONG, name STRING, tags ARRAY<STRING>, "
      + "ts TIMESTAMP') AS data";

  private MillraceSession session;
  private MemoryStream in;

  @BeforeEach
  void start() {
    session = MillraceSession.builder().build();
    in = MemoryStream.create(KAFKA);
  }

  @AfterEach
  void stop() {
    in.close();
    session.close();
  }

  private static Row[] records() {
    return new Row[] {
        Row.of(bytes("k1"), bytes("{\"id\": 1, \"name\": \"a\", \"tags\": [\"x\", \"y\"], \"ts\": \"2026-09-15T00:00:01Z\"}"),
            "in", 0, 10L, micros("2026-09-15T00:00:05Z"), 0,
            List.of(Row.of("trace", bytes("t-1")), Row.of("src", new byte[] {0, (byte) 0xFF}))),
        Row.of(null, bytes("{\"id\": 2, \"name\": null}"), "in", 1, 11L, micros("2026-09-15T00:00:06Z"), 0, List.of()),
        Row.of(bytes("k3"), bytes("not json"), "in", 0, 12L, micros("2026-09-15T00:00:07Z"), 1, null),
        Row.of(bytes("k4"), null, "in", 1, 13L, micros("2026-09-15T00:00:08Z"), 0,
            List.of(Row.of("trace", null)))};
  }

  @Test
  void keysAndValuesCastToText() {
    // SELECT CAST(key AS STRING) AS k, CAST(value AS STRING) AS v, offset FROM k
    Dataset q = in.toDataset(session).selectExpr("CAST(key AS STRING) AS k", "CAST(value AS STRING) AS v", "offset");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of("k1", "{\"id\": 1, \"name\": \"a\", \"tags\": [\"x\", \"y\"], \"ts\": \"2026-09-15T00:00:01Z\"}", 10L),
        Row.of(null, "{\"id\": 2, \"name\": null}", 11L), Row.of("k3", "not json", 12L), Row.of("k4", null, 13L)));
  }

  @Test
  void valuesParseWithFromJsonAndSpreadWithStar() {
    // SELECT data.*, offset FROM (SELECT from_json(CAST(value AS STRING), 'id LONG, name STRING, tags ARRAY<STRING>,
    //   ts TIMESTAMP') AS data, offset FROM k)
    // schema: struct<id:bigint,name:string,tags:array<string>,ts:timestamp,offset:bigint>
    Dataset q = in.toDataset(session).selectExpr(DATA, "offset").selectExpr("data.*", "offset");
    assertThat(q.schema().toDdl()).isEqualTo("id LONG, name STRING, tags ARRAY<STRING>, ts TIMESTAMP, offset LONG");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of(1L, "a", List.of("x", "y"), micros("2026-09-15T00:00:01Z"), 10L),
        Row.of(2L, null, null, null, 11L), Row.of(null, null, null, null, 12L), Row.of(null, null, null, null, 13L)));
  }

  @Test
  void structFieldsAndElementsAreReachedByPath() {
    // SELECT data.id, data.tags[1], offset FROM (SELECT from_json(..) AS data, offset FROM k)
    Dataset q = in.toDataset(session).selectExpr(DATA, "offset").selectExpr("data.id", "data.tags[1]", "offset");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of(1L, "y", 10L), Row.of(2L, null, 11L), Row.of(null, null, 12L), Row.of(null, null, 13L)));
  }

  @Test
  void toJsonOfStructStarWritesTheWholeRowAsSparkDoes() {
    // SELECT to_json(struct(*)) AS value FROM (SELECT data.*, offset FROM (SELECT from_json(..) AS data, offset FROM k))
    Dataset q = in.toDataset(session).selectExpr(DATA, "offset").selectExpr("data.*", "offset")
        .selectExpr("to_json(struct(*)) AS value");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of("{\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"y\"],\"ts\":\"2026-09-15T00:00:01.000Z\",\"offset\":10}"),
        Row.of("{\"id\":2,\"offset\":11}"), Row.of("{\"offset\":12}"), Row.of("{\"offset\":13}")));
  }

  @Test
  void theJavaApiSpreadsAndPacksColumnsAsSqlDoes() {
    // The Java spelling of the two queries above: select(col("data.*")), to_json(struct(col("*"))).
    Dataset q = in.toDataset(session).selectExpr(DATA, "offset").select(col("data.*"), col("offset"))
        .select(to_json(struct(col("*"))).as("value"));
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of("{\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"y\"],\"ts\":\"2026-09-15T00:00:01.000Z\",\"offset\":10}"),
        Row.of("{\"id\":2,\"offset\":11}"), Row.of("{\"offset\":12}"), Row.of("{\"offset\":13}")));
  }

  @Test
  void aStarIsRefusedWhereItCannotStandForColumns() {
    Dataset t = in.toDataset(session);
    // SELECT topic.* FROM k => [INVALID_USAGE_OF_STAR_OR_REGEX]... Spark: "Can only star expand struct data types"
    assertThatThrownBy(() -> t.selectExpr("topic.*").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("only a STRUCT's fields can be expanded");
    assertThatThrownBy(() -> t.selectExpr("upper(*) AS u").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("upper");
    assertThatThrownBy(() -> t.where("* IS NULL").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("expected an expression but found '*'");
    assertThatThrownBy(() -> t.where("headers.* IS NULL").schema()).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("stands for several columns");
  }

  @Test
  void toJsonOfNamedColumns() {
    // SELECT CAST(key AS STRING) AS key, to_json(struct(topic, partition, offset)) AS value FROM k
    Dataset q = in.toDataset(session).selectExpr("CAST(key AS STRING) AS key",
        "to_json(struct(topic, partition, offset)) AS value");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of("k1", "{\"topic\":\"in\",\"partition\":0,\"offset\":10}"),
        Row.of(null, "{\"topic\":\"in\",\"partition\":1,\"offset\":11}"),
        Row.of("k3", "{\"topic\":\"in\",\"partition\":0,\"offset\":12}"),
        Row.of("k4", "{\"topic\":\"in\",\"partition\":1,\"offset\":13}")));
  }

  @Test
  void headersAreLookedUpByKey() {
    // SELECT offset, CAST(filter(headers, h -> h.key = 'trace')[0].value AS STRING) AS trace,
    //   hex(element_at(map_from_entries(headers), 'src')) AS src, transform(headers, h -> h.key) AS names,
    //   size(headers) AS n FROM k   (Spark ran the four as three queries; the rows are theirs joined)
    Dataset q = in.toDataset(session).selectExpr("offset",
        "CAST(filter(headers, h -> h.key = 'trace')[0].value AS STRING) AS trace",
        "hex(element_at(map_from_entries(headers), 'src')) AS src", "transform(headers, h -> h.key) AS names",
        "size(headers) AS n");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of(10L, "t-1", "00FF", List.of("trace", "src"), 2), Row.of(11L, null, null, List.of(), 0),
        Row.of(12L, null, null, null, -1), Row.of(13L, null, null, List.of("trace"), 1)));
  }

  @Test
  void binaryKeysAndValuesShowAsHex() {
    // SELECT offset, hex(key) AS hk, hex(value) AS hv FROM k WHERE offset = 10
    Dataset q = in.toDataset(session).where("offset = 10").selectExpr("offset", "hex(key) AS hk", "hex(value) AS hv");
    testStream(q, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(Row.of(10L, "6B31",
        "7B226964223A20312C20226E616D65223A202261222C202274616773223A205B2278222C202279225D2C20227473223A2022323032362D30"
            + "392D31355430303A30303A30315A227D")));
  }

  @Test
  void failFastFailsTheQueryOnAMalformedValueAndPermissiveGivesNulls() {
    String failFast = "from_json(CAST(value AS STRING), 'id LONG, name STRING', map('mode', 'FAILFAST')) AS data";
    // SELECT data.* FROM (SELECT from_json(.., map('mode', 'FAILFAST')) AS data FROM k WHERE offset <> 12)
    Dataset wellFormed = in.toDataset(session).where("offset <> 12").selectExpr(failFast).selectExpr("data.*");
    testStream(wellFormed, OutputMode.APPEND).run(addData(in, records()), checkAnswerInOrder(
        Row.of(1L, "a"), Row.of(2L, null), Row.of(null, null)));
    // The same over every row: Spark fails with MALFORMED_RECORD_IN_PARSING.
    // (and the same through the Java API's from_json with options)
    MemoryStream all = MemoryStream.create(KAFKA);
    Dataset q = all.toDataset(session).select(from_json(expr("CAST(value AS STRING)"), "id LONG, name STRING",
        Map.of("mode", "FAILFAST")).as("data")).selectExpr("data.*");
    testStream(q, OutputMode.APPEND).run(addData(all, records()),
        expectFailure(IllegalArgumentException.class, "malformed record 'not json'"));
    all.close();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static long micros(String instant) {
    return Instant.parse(instant).toEpochMilli() * 1000;
  }
}
