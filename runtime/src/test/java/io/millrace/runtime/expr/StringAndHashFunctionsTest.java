package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.hash.Hashing;
import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The string and hash functions on column values: what {@code spark-string-facts.txt} cannot
 * show with literals alone (patterns and formats computed per row, nulls from columns, structs,
 * the bound forms), and the hash primitives against the libraries they agree with.
 */
class StringAndHashFunctionsTest {
  private static final Schema SCHEMA = Schema.parse("s STRING, p STRING, n INT, ns STRING, i INT, d DOUBLE, "
      + "dec DECIMAL(20,2), tags ARRAY<STRING>, st STRUCT<a: INT, b: STRING>, m MAP<STRING, INT>, regexp STRING");
  private static final Row ROW = Row.of("Hello, World", "l+", null, null, 7, 2.5, new BigDecimal("1.50"),
      Arrays.asList("a", null, "b"), Row.of(1, "x"), java.util.Map.of("k", 1), "o");
  private static final EvalContext CONTEXT = EvalContext.ofBatchTimestamp(0);

  private static BoundExpression bind(String sql) {
    return ExpressionParser.parseExpression(sql).bind(SCHEMA);
  }

  private static Object eval(String sql) {
    return bind(sql).eval(ROW, CONTEXT);
  }

  private static Object eval(String sql, Row row) {
    return bind(sql).eval(row, CONTEXT);
  }

  @Test
  void regularExpressionsOnColumns() {
    assertThat(eval("regexp_replace(s, 'l+', 'L')")).isEqualTo("HeLo, WorLd");
    assertThat(eval("regexp_replace(s, p, '_')")).isEqualTo("He_o, Wor_d");
    assertThat(eval("regexp_replace(s, 'o', '0', 6)")).isEqualTo("Hello, W0rld");
    assertThat(eval("regexp_extract(s, '(W)(or)', 2)")).isEqualTo("or");
    assertThat(eval("regexp_extract(s, '([0-9]+)', 1)")).isEqualTo("");
    assertThat(eval("s RLIKE p")).isEqualTo(true);
    assertThat(eval("s NOT RLIKE '^W'")).isEqualTo(true);
    assertThat(eval("ns RLIKE p")).isNull();
    assertThat(eval("regexp_like(s, ns)")).isNull();
    // SQL text halves backslashes, as Spark's: the pattern \d+ is written '\\d+'.
    assertThat(eval("regexp_extract('a12b', '\\\\d+', 0)")).isEqualTo("12");
  }

  @Test
  void aPatternComputedPerRowTakesEachRowsText() {
    BoundExpression bound = bind("regexp_replace(s, p, '_')");
    for (String pattern : List.of("l+", "o", "l+", "o", "[HW]")) {
      Row row = Row.of("Hello, World", pattern, null, null, 7, 2.5, null, null, null, null, null);
      assertThat(bound.eval(row, CONTEXT)).isEqualTo("Hello, World".replaceAll(pattern, "_"));
    }
  }

  @Test
  void aLiteralPatternThatIsNoRegularExpressionIsRefusedWhenBound() {
    assertThatThrownBy(() -> bind("regexp_replace(s, '(', 'x')")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'regexp_replace(s, '(', 'x')': the regular expression '(' is invalid: "
            + "Unclosed group near index 1");
    assertThatThrownBy(() -> bind("s RLIKE '[a'")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("the regular expression '[a' is invalid: Unclosed character class");
    assertThatThrownBy(() -> bind("split(s, '*')")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("Dangling meta character '*'");
  }

  @Test
  void aPatternPerRowThatIsNoRegularExpressionFailsTheRowNamingTheCall() {
    BoundExpression bound = bind("regexp_extract(s, p, 0)");
    Row row = Row.of("abc", "(", null, null, 7, 2.5, null, null, null, null, null);
    assertThatThrownBy(() -> bound.eval(row, CONTEXT)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("regexp_extract(s, p, 0): the regular expression '(' is invalid: Unclosed group near index 1");
  }

  @Test
  void regexpReplaceTakesAConstantPositionAboveZero() {
    assertThatThrownBy(() -> bind("regexp_replace(s, 'a', 'b', i)")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("the position i must be a constant, as in Spark");
    assertThatThrownBy(() -> bind("regexp_replace(s, 'a', 'b', 0)")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("the position must be above 0 but is 0");
  }

  @Test
  void rlikeAndRegexpAreOperatorsThatAreNotReserved() {
    assertThat(ExpressionParser.parseExpression("s rlike 'a'").toString()).isEqualTo("(s RLIKE 'a')");
    assertThat(ExpressionParser.parseExpression("s REGEXP 'a'").toString()).isEqualTo("(s RLIKE 'a')");
    assertThat(ExpressionParser.parseExpression("rlike(s, 'a')").toString()).isEqualTo("rlike(s, 'a')");
    // A column named regexp, beside the function and the operator of that name.
    assertThat(eval("regexp REGEXP regexp")).isEqualTo(true);
    assertThat(eval("regexp(s, regexp)")).isEqualTo(true);
    assertThat(eval("concat(regexp, '!')")).isEqualTo("o!");
    assertThat(eval("s RLIKE 'W' AND s NOT REGEXP 'x' OR false")).isEqualTo(true);
  }

  @Test
  void splitGivesAnArrayOfStrings() {
    BoundExpression bound = bind("split(s, ', ')");
    assertThat(bound.type()).isEqualTo(DataType.array(DataType.STRING, false));
    assertThat(bound.eval(ROW, CONTEXT)).isEqualTo(List.of("Hello", "World"));
    // Spark keeps the one empty part of the empty string (Java's split): hash('') = hash(split('', ',')).
    assertThat(eval("split('', ',')")).isEqualTo(List.of(""));
    assertThat(eval("split(s, '')")).asList().hasSize(12);
    assertThat(eval("split(s, p, n)")).isNull();
    assertThat(eval("split(ns, ',')")).isNull();
  }

  @Test
  void searchAndPadOnColumns() {
    assertThat(eval("instr(s, 'World')")).isEqualTo(8);
    assertThat(eval("locate('o', s, 6)")).isEqualTo(9);
    assertThat(eval("locate('o', s, n)")).isEqualTo(0);
    assertThat(eval("locate(ns, s)")).isNull();
    assertThat(eval("lpad(i, 3, '0')")).isEqualTo("007");
    assertThat(eval("rpad(s, 7, '!')")).isEqualTo("Hello, ");
    assertThat(eval("lpad(s, n)")).isNull();
    assertThat(bind("lpad(CAST(s AS BINARY), 3, X'00')").type()).isEqualTo(DataType.BINARY);
  }

  @Test
  void concatWsSkipsNullsInArgumentsAndArrays() {
    assertThat(eval("concat_ws('-', tags, ns, i, s)")).isEqualTo("a-b-7-Hello, World");
    assertThat(eval("concat_ws(ns, tags)")).isNull();
    assertThat(bind("concat_ws(',', tags)").nullable()).isFalse();
    assertThatThrownBy(() -> bind("concat_ws(',', st)")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("st is STRUCT<a INT, b STRING> but STRING is needed");
  }

  @Test
  void formatsOnColumns() {
    assertThat(eval("format_number(d, 3)")).isEqualTo("2.500");
    assertThat(eval("format_number(dec, i)")).isEqualTo("1.5000000");
    assertThat(eval("format_number(d, n)")).isNull();
    assertThat(eval("format_string('%s=%.1f %s', s, dec, ns)")).isEqualTo("Hello, World=1.5 null");
    assertThat(eval("format_string(ns, s)")).isNull();
    assertThatThrownBy(() -> bind("format_string('%d', s)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'format_string('%d', s)': the format '%d' does not fit its arguments: "
            + "IllegalFormatConversionException: d != java.lang.String");
    assertThatThrownBy(() -> bind("format_number(d, '#.#.#')")).isInstanceOf(AnalysisException.class)
        .hasMessageContaining("the pattern '#.#.#' is invalid: Multiple decimal separators");
  }

  @Test
  void aFormatPerRowThatDoesNotFitFailsTheRow() {
    BoundExpression bound = bind("format_string(p, s)");
    Row row = Row.of("x", "%d", null, null, 7, 2.5, null, null, null, null, null);
    assertThatThrownBy(() -> bound.eval(row, CONTEXT)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("format_string(p, s): the format '%d' does not fit its arguments: "
            + "IllegalFormatConversionException: d != java.lang.String");
  }

  @Test
  void aStructHashesAsItsFieldsInOrderAndAMapIsRefused() {
    assertThat(eval("hash(st)")).isEqualTo(eval("hash(1, 'x')"));
    assertThat(eval("xxhash64(st)")).isEqualTo(eval("xxhash64(1, 'x')"));
    assertThat(eval("hash(tags)")).isEqualTo(eval("hash('a', 'b')"));
    assertThat(eval("hash(dec)")).isEqualTo(eval("hash(CAST(1.5 AS DECIMAL(20,2)))"));
    assertThat(eval("hash(n, ns)")).isEqualTo(42);
    assertThat(bind("hash(n)").nullable()).isFalse();
    assertThatThrownBy(() -> bind("hash(s, m)")).isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'hash(s, m)': m is MAP<STRING, INT>: a MAP cannot be hashed, since equal maps "
            + "may hold their entries in different orders (as in Spark)");
  }

  @Test
  void sparksMurmur3IsGuavasForWholeBlocksOnly() {
    for (String text : List.of("", "abcd", "abcdefgh", "😀")) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      assertThat(SparkMurmur3.hashBytes(bytes, 42)).as(text)
          .isEqualTo(Hashing.murmur3_32_fixed(42).hashBytes(bytes).asInt());
    }
    // A tail of 1-3 bytes is mixed a byte at a time by Spark: Guava's standard result differs.
    byte[] tail = "abcde".getBytes(StandardCharsets.UTF_8);
    assertThat(SparkMurmur3.hashBytes(tail, 42)).isEqualTo(814637928)
        .isNotEqualTo(Hashing.murmur3_32_fixed(42).hashBytes(tail).asInt());
  }

  @Test
  void xxHash64GivesTheReferenceValues() {
    // The reference implementation's test vectors (seed 0), through each of its code paths.
    assertThat(XxHash64.hashBytes(new byte[0], 0)).isEqualTo(0xEF46DB3751D8E999L);
    assertThat(XxHash64.hashBytes("a".getBytes(StandardCharsets.UTF_8), 0)).isEqualTo(0xD24EC4F1A98C6E5BL);
    assertThat(XxHash64.hashBytes("abc".getBytes(StandardCharsets.UTF_8), 0)).isEqualTo(0x44BC2CF5AD770999L);
    byte[] four = {1, 2, 3, 4};
    assertThat(XxHash64.hashInt(0x04030201, 7)).isEqualTo(XxHash64.hashBytes(four, 7));
    byte[] eight = {1, 2, 3, 4, 5, 6, 7, 8};
    assertThat(XxHash64.hashLong(0x0807060504030201L, 7)).isEqualTo(XxHash64.hashBytes(eight, 7));
  }
}
