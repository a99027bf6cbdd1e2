package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static io.millrace.runtime.expr.ExpressionParser.parseExpression;
import static io.millrace.runtime.expr.ExpressionParser.parseNamedExpression;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import io.millrace.spi.data.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "a + b * c                    | (a + (b * c))",
      "a * b + c                    | ((a * b) + c)",
      "a - b - c                    | ((a - b) - c)",
      "a / b % c                    | ((a / b) % c)",
      "(a + b) * c                  | ((a + b) * c)",
      "-a * b                       | ((- a) * b)",
      "a - -b                       | (a - (- b))",
      "+a                           | a",
      "a + 1 > 2 * b                | ((a + 1) > (2 * b))",
      "a = 1 AND b                  | ((a = 1) AND b)",
      "a OR b AND c                 | (a OR (b AND c))",
      "NOT a AND b OR c             | (((NOT a) AND b) OR c)",
      "NOT a = 1                    | (NOT (a = 1))",
      "NOT NOT a                    | (NOT (NOT a))",
      "a || b = 'xy'                | (concat(a, b) = 'xy')",
      "a + b || c                   | concat((a + b), c)",
      "x BETWEEN 1 AND 2 AND y      | ((x BETWEEN 1 AND 2) AND y)",
      "x NOT BETWEEN a + 1 AND 9    | (NOT (x BETWEEN (a + 1) AND 9))",
      "a NOT IN (1, 2)              | (NOT (a IN (1, 2)))",
      "s NOT LIKE 'a%' OR s LIKE t  | ((NOT (s LIKE 'a%')) OR (s LIKE t))",
      "a IS NOT NULL AND b IS NULL  | ((a IS NOT NULL) AND (b IS NULL))",
      "a + 1 IS NULL                | ((a + 1) IS NULL)",
      "a == b OR a <> b OR a != b   | (((a = b) OR (a != b)) OR (a != b))",
      "a <=> b                      | (a <=> b)",
      "a < b = TRUE                 | ((a < b) = TRUE)",
      "and_x > 0 or_y               | (and_x > 0)",
      "UPPER(s)                     | upper(s)",
      "cast(a AS bigint)            | CAST(a AS LONG)",
      "case when a then 1 end       | CASE WHEN a THEN 1 END",
      "CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' ELSE 'z' END | CASE WHEN (a = 1) THEN 'x' WHEN (a = 2) THEN 'y' ELSE 'z' END",
  })
  void precedenceAndAssociativity(String sql, String tree) {
    Expression parsed = sql.endsWith("or_y") ? parseNamedExpression(sql) : parseExpression(sql);
    Expression unaliased = parsed instanceof Alias ? ((Alias) parsed).child() : parsed;
    assertThat(unaliased.toString()).isEqualTo(tree);
  }

  @Test
  void precedenceShowsInValues() {
    assertThat(eval("1 + 2 * 3")).isEqualTo(7);
    assertThat(eval("(1 + 2) * 3")).isEqualTo(9);
    assertThat(eval("10 - 4 - 3")).isEqualTo(3);
    assertThat(eval("2 * 3 % 4")).isEqualTo(2);
    assertThat(eval("-2 * -3")).isEqualTo(6);
    assertThat(eval("TRUE OR FALSE AND FALSE")).isEqualTo(true);
    assertThat(eval("NOT FALSE AND FALSE")).isEqualTo(false);
    assertThat(eval("i > 5 AND s = 'Hello'")).isEqualTo(true);
  }

  @Test
  void integerLiteralsAreIntWhenTheyFitElseLong() {
    assertThat(bind("2147483647").type()).isEqualTo(DataType.INT);
    assertThat(eval("2147483647")).isEqualTo(2147483647);
    assertThat(eval("-2147483648")).isEqualTo(Integer.MIN_VALUE);
    assertThat(eval("2147483648")).isEqualTo(2147483648L);
    assertThat(eval("5L")).isEqualTo(5L);
    assertThat(eval("5l")).isEqualTo(5L);
    assertThat(eval("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void numbersWithAPointAreDecimalsAndWithAnExponentDoubles() {
    // Spark 4.0.1: 1.5 is DECIMAL(2,1), .5 DECIMAL(1,1), 3. DECIMAL(1,0), 1e3 DOUBLE.
    assertThat(eval("1.5")).isEqualTo(new java.math.BigDecimal("1.5"));
    assertThat(typeOf("1.5")).isEqualTo(DataType.decimal(2, 1));
    assertThat(typeOf(".5")).isEqualTo(DataType.decimal(1, 1));
    assertThat(eval("3.")).isEqualTo(new java.math.BigDecimal("3"));
    assertThat(typeOf("0.05")).isEqualTo(DataType.decimal(2, 2));
    assertThat(eval("-0.25")).isEqualTo(new java.math.BigDecimal("-0.25"));
    assertThat(eval("9223372036854775808")).isEqualTo(new java.math.BigDecimal("9223372036854775808"));
    assertThat(eval("1e3")).isEqualTo(1000.0);
    assertThat(eval("1.5E-2")).isEqualTo(0.015);
    assertThat(eval("2D")).isEqualTo(2.0);
    assertThat(eval("1.5F")).isEqualTo(1.5f);
    assertThat(eval("7Y")).isEqualTo((byte) 7);
    assertThat(eval("-7S")).isEqualTo((short) -7);
    assertThat(eval("2.50BD")).isEqualTo(new java.math.BigDecimal("2.50"));
    assertThat(eval("DATE '1970-01-02'")).isEqualTo(1);
    assertThat(typeOf("TIMESTAMP_NTZ '1970-01-01 00:00:01'")).isEqualTo(DataType.TIMESTAMP_NTZ);
  }

  private static DataType typeOf(String sql) {
    return ExpressionParser.parseExpression(sql).bind(Schema.of()).type();
  }

  @Test
  void stringLiteralsTakeSparksBackslashEscapes() {
    assertThat(eval("'it\\'s'")).isEqualTo("it's");
    assertThat(eval("'a\\tb\\nc'")).isEqualTo("a\tb\nc");
    assertThat(eval("'\\\\d+'")).isEqualTo("\\d+"); // a regex's \d, as Spark SQL needs it written
    assertThat(eval("'\\d'")).isEqualTo("d");
    assertThat(eval("'50\\%'")).isEqualTo("50\\%"); // kept for LIKE
    assertThat(eval("'\\u00e9\\101'")).isEqualTo("éA");
    assertThat(eval("'it''s'")).isEqualTo("it's");
  }

  @Test
  void otherLiterals() {
    assertThat(eval("'it''s'")).isEqualTo("it's");
    assertThat(eval("''")).isEqualTo("");
    assertThat(eval("TRUE")).isEqualTo(true);
    assertThat(eval("false")).isEqualTo(false);
    assertThat(eval("NULL")).isNull();
    assertThat((byte[]) eval("X'0aFF'")).containsExactly(0x0a, 0xff);
    assertThat(eval("TIMESTAMP '2026-09-14T23:59:57.067Z'")).isEqualTo(ExprFixture.TS);
    assertThat(bind("TIMESTAMP '2026-09-14'").type()).isEqualTo(DataType.TIMESTAMP);
  }

  @Test
  void identifiers() {
    ColumnRef ref = (ColumnRef) parseExpression("`weird ``name```");
    assertThat(ref.name()).isEqualTo("weird `name`");
    assertThat(ref.toString()).isEqualTo("`weird ``name```");
    assertThat(((ColumnRef) parseExpression("`end`")).name()).isEqualTo("end");
    assertThat(((ColumnRef) parseExpression("timestamp")).name()).isEqualTo("timestamp");
    assertThat(((ColumnRef) parseExpression("_x1")).name()).isEqualTo("_x1");
  }

  @Test
  void namedExpressions() {
    Alias as = (Alias) parseNamedExpression("amount * 2 AS doubled");
    assertThat(as.name()).isEqualTo("doubled");
    assertThat(as.child().toString()).isEqualTo("(amount * 2)");
    assertThat(NamedExpressions.outputName(as)).isEqualTo("doubled");

    assertThat(((Alias) parseNamedExpression("upper(key) k2")).name()).isEqualTo("k2");
    assertThat(((Alias) parseNamedExpression("a as `my col`")).name()).isEqualTo("my col");
    assertThat(NamedExpressions.outputName(parseNamedExpression("key"))).isEqualTo("key");
    assertThat(NamedExpressions.outputName(parseNamedExpression("amount * 2"))).isEqualTo("(amount * 2)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "amount >         | 9  | expected an expression",
      "a +* b           | 4  | expected an expression but found '*'",
      "(a + b           | 7  | expected ')'",
      "a b              | 3  | expected end of input but found 'b'",
      "a NOT b          | 3  | expected end of input but found 'NOT'",
      "a IN ()          | 7  | expected an expression but found ')'",
      "and              | 1  | expected an expression but found 'and'",
      "CASE a END       | 8  | expected WHEN but found 'END'",
      "CASE WHEN a 1 END | 13 | expected THEN but found '1'",
      "a IS 1           | 6  | expected NULL or DISTINCT FROM but found '1'",
      "a = 'x' 'y'      | 9  | expected end of input but found 'y'",
      "x BETWEEN 1 OR 2 | 13 | expected AND but found 'OR'",
      "CAST(a AS blob)  | 11 | unknown type 'blob'",
      "CAST(a AS 1)     | 11 | expected a type name but found '1'",
      "'abc             | 1  | unterminated string literal",
      "`abc             | 1  | unterminated quoted identifier",
      "a # b            | 3  | unexpected character '#'",
      "a.(b)            | 3  | expected a field name after '.'",
      "count(DISTINCT a) | 7 | count(DISTINCT ..): distinct aggregations are not supported on streams",
      "a[1              | 4  | expected ']'",
      "12abc            | 1  | invalid number '12a'",
      "1.5L             | 4  | the L suffix needs an integer",
      "X'ABC'           | 1  | a binary literal needs an even number of hex digits",
      "123456789012345678901234567890123456789 | 1 | decimal 123456789012345678901234567890123456789 has more than 38 digits",
      "128Y | 1 | number 128Y is out of the range of its type",
      "TIMESTAMP 'soon' | 11 | invalid TIMESTAMP literal 'soon'",
      "upper(a, b)      | 1  | upper takes 1 argument but got 2",
      "substring(s)     | 1  | substring takes 2 to 3 arguments but got 1",
      "coalesce()       | 1  | coalesce takes at least 1 argument but got 0",
      "round(d, i)      | 1  | round needs its scale as an integer literal but got i",
      "x + date_format(ts, s) | 5 | date_format needs its pattern as a string literal but got s",
  })
  void syntaxErrorsGiveTextPositionAndExpectation(String sql, int position, String message) {
    assertThatThrownBy(() -> parseExpression(sql))
        .isInstanceOf(AnalysisException.class)
        .hasMessageStartingWith("cannot parse '" + sql + "' at position " + position + ": " + message);
  }

  @Test
  void namedExpressionErrors() {
    assertThatThrownBy(() -> parseNamedExpression("a AS"))
        .hasMessage("cannot parse 'a AS' at position 5: expected an alias");
    assertThatThrownBy(() -> parseNamedExpression("a AS b c"))
        .hasMessage("cannot parse 'a AS b c' at position 8: expected end of input but found 'c'");
  }

  @Test
  void anUnknownFunctionNamesTheClosestKnownOnes() {
    assertThatThrownBy(() -> parseExpression("i + uper(s)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageStartingWith("cannot parse 'i + uper(s)' at position 5: unknown function 'uper'; did you mean upper")
        .hasMessageContaining("(`millrace functions` lists all ");
    assertThatThrownBy(() -> parseExpression("timestamp_second(1)"))
        .hasMessageContaining("did you mean timestamp_seconds");
    assertThatThrownBy(() -> parseExpression("foo(1)"))
        .hasMessageContaining("unknown function 'foo' (`millrace functions` lists all ");
  }

  @Test
  void functionNamesIgnoreCase() {
    assertThat(eval("Upper(s) || LOWER(s)")).isEqualTo("HELLOhello");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "CASE WHEN i > 1 AND NOT b THEN -i * 2 ELSE coalesce(n, 5L) END",
      "s NOT LIKE 'it''s%' OR `weird col` IN (1, 2.5, NULL) OR l BETWEEN -1 AND 3",
      "CAST(ts AS STRING) || X'01' || TIMESTAMP '2026-09-14T23:59:57.067Z' || TRUE",
      "round(d, -1) <=> 1.0E20",
  })
  void printedTextParsesBackToTheSameTree(String sql) {
    String printed = parseExpression(sql).toString();
    assertThat(parseExpression(printed).toString()).isEqualTo(printed);
  }
}
