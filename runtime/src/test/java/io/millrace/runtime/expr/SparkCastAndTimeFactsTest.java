package io.millrace.runtime.expr;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every cast, time function, typed literal, typed operator, string and hash function against
 * Spark's own results. {@code spark-cast-time-facts.txt}, {@code spark-types-facts.txt} and
 * {@code spark-string-facts.txt} (beside this class, in the test resources) are what Spark
 * 4.0.1 printed, unedited, for the queries of the {@code .sql} probe files of the same names, run with
 * {@code spark.sql.ansi.enabled=false} and the session time zone UTC (Millrace's only zone):
 *
 * <pre>/tmp/spark-oracle/run.sh SqlFacts spark-cast-time-probes.sql &gt; spark-cast-time-facts.txt</pre>
 *
 * <p>Each line reads {@code SELECT expr  =>  value :type ;;}, {@code NULL ;;} or
 * {@code ERROR Exception: message}. Millrace evaluates {@code expr} (Spark's {@code \'} inside
 * a string written as SQL's {@code ''}) and must print the same value and type, fail the same
 * way (an overflow at run time; anything else Spark refuses is refused at analysis, unless
 * listed as failing when run), or be listed below: a form Millrace refuses at analysis although
 * Spark accepts it, an extension Spark refuses, or a difference the README states.
 */
public class SparkCastAndTimeFactsTest {
  /**
   * Each probe file and the facts Spark printed for it: casts and time functions; the types SPI
   * 1.4 added; date, collection, JSON and lambda functions; math and conditional functions and the
   * operators DIV, ||, &lt;=&gt; and IS DISTINCT FROM; string and hash functions; what reading and
   * writing Kafka records needs (from_json's modes, binary values, header lookups).
   */
  private static final List<List<String>> FILES = List.of(
      List.of("spark-cast-time-probes.sql", "spark-cast-time-facts.txt"),
      List.of("spark-types-probes.sql", "spark-types-facts.txt"),
      List.of("spark-date-probes.sql", "spark-date-facts.txt"),
      List.of("spark-collection-probes.sql", "spark-collection-facts.txt"),
      List.of("spark-json-probes.sql", "spark-json-facts.txt"),
      List.of("spark-lambda-probes.sql", "spark-lambda-facts.txt"),
      List.of("spark-math-probes.sql", "spark-math-facts.txt"),
      List.of("spark-string-probes.sql", "spark-string-facts.txt"),
      List.of("spark-kafka-probes.sql", "spark-kafka-facts.txt"));
  private static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(ExprFixture.BATCH);

  /** Spark accepts these; Millrace refuses them when the query is analysed, saying this. */
  private static final Map<String, String> REFUSED = Map.ofEntries(
      entry("CAST('1' AS INTERVAL DAY)", "Millrace has no INTERVAL type"),
      entry("CAST(1 AS STRING COLLATE UTF8_LCASE)", "collations are not supported"),
      entry("CAST(1 AS VARIANT)", "Millrace has no VARIANT type"),
      entry("CAST(to_timestamp(true) AS STRING)", "is BOOLEAN but STRING, TIMESTAMP or a number is needed"),
      entry("CAST(to_timestamp(X'01') AS STRING)", "is BINARY but STRING, TIMESTAMP or a number is needed"),
      entry("CAST(window('2026-09-14 23:59:57.067', '5 minutes') AS STRING)", "needs a TIMESTAMP column"),
      entry("DATE '2024-05-01' - DATE '2024-04-01'", "datediff(end, start) gives the days between them"),
      // Spark finds a common type by turning a number into text; Millrace, as for CASE and coalesce, does not.
      entry("if(true, 1, 'a')", "its values must share a type"),
      entry("nvl('a', 1)", "its values must share a type"),
      // Arithmetic does not read text as a number, as + and % do not.
      entry("pmod('7', 3)", "is STRING but a numeric type"),
      entry("bround(2.5, CAST(NULL AS INT))", "bround needs its scale as an integer literal"),
      entry("CAST(X'61' || X'62' AS STRING)", "is BINARY but STRING is needed"),
      // An invalid literal pattern is refused when the query is resolved, even where no row reaches it.
      entry("NULL RLIKE '('", "the regular expression '(' is invalid: Unclosed group"),
      // Millrace takes only whole numbers where an integer is needed, and does not read BINARY as text.
      entry("lpad('a', 2.5, 'x')", "2.5 is DECIMAL(2,1) but an integral number is needed"),
      entry("repeat('a', 2.9)", "2.9 is DECIMAL(2,1) but an integral number is needed"),
      entry("CAST(lpad(X'4142', 4) AS STRING)", "X'4142' is BINARY but STRING is needed"),
      entry("concat_ws(',', X'41')", "X'41' is BINARY but STRING is needed"),
      // Spark formats its internal objects for these ([a,b] for an array, [B@1f2e3d for bytes).
      entry("format_string('%s', split('a,b', ','))", "which format_string cannot format"),
      entry("format_string('%s', X'41')", "which format_string cannot format"),
      // Spark reads an unknown mode as PERMISSIVE and ignores JSON options its from_json does not
      // use; Millrace takes only mode and refuses the rest by name (README, "Kafka").
      entry("from_json('{\"a\": 1}', 'a INT', map('mode', 'nonsense'))", "unknown mode 'nonsense'"),
      entry("from_json('{\"a\": 1}', 'a INT', map('mode', 'FAILFAST', 'allowComments', 'true'))",
          "option 'allowComments' is not supported"),
      entry("from_json('{\"a\": /* c */ 1}', 'a INT', map('allowComments', 'true'))",
          "option 'allowComments' is not supported"),
      entry("from_json('{\"a\": 1}', 'a INT', map('mode', 'FAILFAST', 'columnNameOfCorruptRecord', '_c'))",
          "option 'columnNameOfCorruptRecord' is not supported"));

  /** Spark refuses these; Millrace reads them (the README lists them) and gives this. */
  private static final Map<String, String> EXTENSIONS = Map.ofEntries(
      entry("CAST('abc' AS VARCHAR)", "abc :string"),
      entry("CAST(1 AS BOOL)", "true :boolean"),
      entry("CAST(1.0D AS FLOAT8)", "1.0 :double"),
      entry("CAST('a' AS TEXT)", "a :string"),
      entry("length(CAST('a' AS BYTES))", "1 :int"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '5minutes') AS STRING)",
          "{2026-09-14 23:55:00, 2026-09-15 00:00:00} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '5 min') AS STRING)",
          "{2026-09-14 23:55:00, 2026-09-15 00:00:00} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '5m') AS STRING)",
          "{2026-09-14 23:55:00, 2026-09-15 00:00:00} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '500ms') AS STRING)",
          "{2026-09-14 23:59:57, 2026-09-14 23:59:57.5} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '500') AS STRING)",
          "{2026-09-14 23:59:57, 2026-09-14 23:59:57.5} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '1.5 milliseconds') AS STRING)",
          "{2026-09-14 23:59:57.066, 2026-09-14 23:59:57.0675} :string"),
      entry("CAST(window(TIMESTAMP '2026-09-14 23:59:57.067', '1.5 hours') AS STRING)",
          "{2026-09-14 22:30:00, 2026-09-15 00:00:00} :string"),
      // Spark passes a DECIMAL to the formatter as its own Decimal class, which %f refuses.
      entry("format_string('%5.2f', 3.14159)", " 3.14 :string"));

  /** Results that differ from Spark's for a reason the README states. */
  private static final Map<String, String> DIFFERENT = Map.ofEntries(
      // Spark drops a row whose window time is NULL; a select in Millrace never drops a row.
      entry("CAST(window(CAST(NULL AS TIMESTAMP), '5 minutes') AS STRING)", "NULL"),
      // A Java string cannot hold invalid UTF-8: both sides decode to U+FFFD.
      entry("CAST(X'FF' AS STRING) = CAST(X'EFBFBD' AS STRING)", "true :boolean"),
      // An empty pattern matches between the halves of a surrogate pair: Spark's UTF-8 text turns
      // each lone half into '?', a Java string keeps it (it becomes '?' when written as UTF-8).
      entry("regexp_replace('a😀b', '', '-')", "-a-\uD83D-\uDE00-b- :string"),
      // Spark's ByteArray.lpad fails (NegativeArraySizeException); Millrace gives empty bytes, as
      // lpad of text does.
      entry("CAST(lpad(X'4142', -1, X'30') AS STRING)", " :string"));

  private static final Set<String> SPARK_RUNTIME_ERRORS = Set.of("ArithmeticException");

  /**
   * Spark fails these when it evaluates a row, and so does Millrace: the query binds, and
   * evaluating fails with a message holding this. (A regular expression or replacement that
   * does not fit, where Millrace cannot tell at analysis: a pattern computed per row, a group
   * index or replacement that fails only on a row the pattern matches.)
   */
  private static final Map<String, String> FAIL_WHEN_RUN = Map.ofEntries(
      entry("regexp_replace('abc', 'b', '$2')", "does not fit the regular expression 'b': No group 2"),
      entry("regexp_replace('abc', 'b', '$')", "does not fit the regular expression 'b'"),
      entry("regexp_replace('abc', 'b', concat('$', '{name}'))", "No group with name {name}"),
      entry("regexp_replace('abc', concat('(', ''), 'x')", "the regular expression '(' is invalid: Unclosed group"),
      entry("regexp_extract('abc', '(a)', 2)", "the group index must be between 0 and 1"),
      entry("regexp_extract('abc', '(a)', -1)", "the group index must be between 0 and 1"),
      entry("regexp_extract('abc', 'a', 1)", "the group index must be between 0 and 0"),
      entry("regexp_extract('abc', 'a')", "the group index must be between 0 and 0"),
      entry("regexp_extract('xaby', concat('a', '(b)'), 2)", "the group index must be between 0 and 1"),
      entry("'ab' RLIKE concat('(', '')", "the regular expression '(' is invalid: Unclosed group"),
      entry("split('a,b', concat('(', ''))", "the regular expression '(' is invalid: Unclosed group"),
      entry("from_json('not json', 'a INT', map('mode', 'FAILFAST'))", "malformed record 'not json'"),
      entry("from_json('{\"a\": \"x\"}', 'a INT', map('mode', 'FAILFAST'))", "malformed record '{\"a\": \"x\"}'"),
      entry("map_from_entries(array(named_struct('k', 'a', 'v', 1), named_struct('k', 'a', 'v', 2)))['a']",
          "duplicate map key a"),
      entry("map_from_entries(array(named_struct('k', CAST(NULL AS STRING), 'v', 1)))", "a map key cannot be NULL"),
      entry("map('a', 1, 'a', 2)['a']", "duplicate map key a"),
      entry("map_from_arrays(array('a', 'a'), array(1, 2))['a']", "duplicate map key a"));

  static Stream<Arguments> facts() throws IOException {
    List<Arguments> facts = new ArrayList<>();
    for (List<String> files : FILES) {
      for (String line : lines(files.get(1))) {
        int arrow = line.indexOf("  =>  ");
        String query = line.substring(0, arrow);
        String result = line.substring(arrow + "  =>  ".length()).stripTrailing();
        facts.add(Arguments.of(query.substring("SELECT ".length()), result));
      }
    }
    return facts.stream();
  }

  @ParameterizedTest(name = "{0}  =>  {1}")
  @MethodSource("facts")
  void millraceGivesSparksResult(String sparkExpr, String sparkResult) {
    String expr = sparkExpr; // Spark's \\' is read as SQL text reads it, backslash escapes included
    if (REFUSED.containsKey(sparkExpr)) {
      assertThatThrownBy(() -> bind(expr)).isInstanceOf(AnalysisException.class)
          .hasMessageContaining(REFUSED.get(sparkExpr));
    } else if (EXTENSIONS.containsKey(sparkExpr)) {
      assertThat(sparkResult).startsWith("ERROR ");
      assertThat(render(bind(expr))).isEqualTo(EXTENSIONS.get(sparkExpr));
    } else if (DIFFERENT.containsKey(sparkExpr)) {
      assertThat(render(bind(expr))).isEqualTo(DIFFERENT.get(sparkExpr));
    } else if (FAIL_WHEN_RUN.containsKey(sparkExpr)) {
      assertThat(sparkResult).startsWith("ERROR ");
      BoundExpression bound = bind(expr);
      assertThatThrownBy(() -> bound.eval(Row.of(), CONTEXT)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(FAIL_WHEN_RUN.get(sparkExpr));
    } else if (sparkResult.startsWith("ERROR ")) {
      String exception = sparkResult.substring("ERROR ".length(), sparkResult.indexOf(':'));
      if (SPARK_RUNTIME_ERRORS.contains(exception)) {
        BoundExpression bound = bind(expr);
        assertThatThrownBy(() -> bound.eval(Row.of(), CONTEXT)).isInstanceOf(ArithmeticException.class);
      } else {
        assertThatThrownBy(() -> bind(expr)).isInstanceOf(AnalysisException.class);
      }
    } else {
      assertThat(render(bind(expr))).isEqualTo(sparkResult.endsWith(";;")
          ? sparkResult.substring(0, sparkResult.length() - 2).stripTrailing() : sparkResult);
    }
  }

  @Test
  void everyProbeHasItsFactAndEveryListedQueryIsAProbe() throws IOException {
    List<String> probes = new ArrayList<>();
    for (List<String> files : FILES) {
      for (String line : lines(files.get(0))) {
        if (!line.startsWith("--")) {
          probes.add(line.substring("SELECT ".length()));
        }
      }
    }
    List<String> factQueries = facts().map(a -> (String) a.get()[0]).toList();
    assertThat(factQueries).containsExactlyElementsOf(probes);
    Set<String> listed = new HashSet<>(REFUSED.keySet());
    listed.addAll(EXTENSIONS.keySet());
    listed.addAll(DIFFERENT.keySet());
    listed.addAll(FAIL_WHEN_RUN.keySet());
    assertThat(probes).containsAll(listed);
  }

  private static BoundExpression bind(String expr) {
    return ExpressionParser.parseExpression(expr).bind(Schema.of());
  }

  /** The value as Spark's SqlFacts prints it: {@code value :type}, or {@code NULL}. */
  private static String render(BoundExpression bound) {
    Object value = bound.eval(Row.of(), CONTEXT);
    if (value == null) {
      return "NULL";
    }
    return external(value, bound.type()) + " :" + sparkName(bound.type());
  }

  /** A value as the Java or Scala object Spark hands a Row's reader prints: dates as java.time's, arrays as Scala's. */
  public static String external(Object value, DataType type) {
    if (value == null) {
      return "null";
    }
    switch (type.kind()) {
      case DATE: return java.time.LocalDate.ofEpochDay((Integer) value).toString();
      // java.sql.Timestamp's text (in the oracle's zone, UTC), as a Row hands a TIMESTAMP over: 2024-05-01 12:00:00.0.
      case TIMESTAMP: {
        java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(Math.floorDiv((Long) value, 1_000_000L),
            (int) Math.floorMod((Long) value, 1_000_000L) * 1000, java.time.ZoneOffset.UTC);
        String nanos = String.format("%09d", t.getNano()).replaceAll("0+$", "");
        return t.toLocalDate() + " " + t.toLocalTime().withNano(0).format(java.time.format.DateTimeFormatter.ISO_LOCAL_TIME)
            + "." + (nanos.isEmpty() ? "0" : nanos);
      }
      case TIMESTAMP_NTZ: return java.time.LocalDateTime.ofEpochSecond(Math.floorDiv((Long) value, 1_000_000L),
          (int) Math.floorMod((Long) value, 1_000_000L) * 1000, java.time.ZoneOffset.UTC).toString();
      case ARRAY: return ((List<?>) value).stream().map(e -> external(e, type.elementType()))
          .collect(java.util.stream.Collectors.joining(", ", "ArraySeq(", ")"));
      case STRUCT: {
        Row row = (Row) value;
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
          parts.add(external(row.get(i), type.fields().field(i).type()));
        }
        return "[" + String.join(",", parts) + "]";
      }
      case MAP: return ((Map<?, ?>) value).entrySet().stream()
          .map(e -> external(e.getKey(), type.keyType()) + " -> " + external(e.getValue(), type.valueType()))
          .collect(java.util.stream.Collectors.joining(", ", "Map(", ")"));
      default: return value.toString();
    }
  }

  public static String sparkName(DataType type) {
    switch (type.kind()) {
      case BOOLEAN: return "boolean";
      case BYTE: return "tinyint";
      case SHORT: return "smallint";
      case INT: return "int";
      case LONG: return "bigint";
      case FLOAT: return "float";
      case DOUBLE: return "double";
      case DECIMAL: return "decimal(" + type.precision() + "," + type.scale() + ")";
      case STRING: return "string";
      case DATE: return "date";
      case TIMESTAMP: return "timestamp";
      case TIMESTAMP_NTZ: return "timestamp_ntz";
      case ARRAY: return "array<" + sparkName(type.elementType()) + ">";
      case MAP: return "map<" + sparkName(type.keyType()) + "," + sparkName(type.valueType()) + ">";
      case STRUCT: return type.fields().fields().stream().map(f -> f.name() + ":" + sparkName(f.type()))
          .collect(java.util.stream.Collectors.joining(",", "struct<", ">"));
      default: return fail("a probe must give a type Spark prints the same way, not " + type);
    }
  }

  private static List<String> lines(String resource) throws IOException {
    List<String> lines = new ArrayList<>();
    try (InputStream in = SparkCastAndTimeFactsTest.class.getResourceAsStream(resource);
         BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (!line.isBlank()) {
          lines.add(line);
        }
      }
    }
    return lines;
  }
}
