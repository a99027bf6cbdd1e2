package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PredicateTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "i IN (1, 7, 9)           | true",
      "i IN (1, 2)              | false",
      "i IN (7L)                | true",
      "i IN (7.0, 8.5)          | true",
      "l IN (10)                | true",
      "d IN (2.5)               | true",
      "s IN ('x', 'Hello')      | true",
      "s IN ('hello')           | false",
      "b IN (FALSE)             | false",
      // A TIMESTAMP among text compares as Spark's IN does, as text.
      "ts IN ('2026-09-14 23:59:57.067') | true",
      "ts IN ('2026-09-14T23:59:57.067Z') | false",
      "ts IN ('x', TIMESTAMP '2026-09-14 23:59:57.067') | true",
      "i IN (1, NULL)           | NULL",
      "i IN (7, NULL)           | true",
      "n IN (1, 2)              | NULL",
      "NULL IN (1)              | NULL",
      "i NOT IN (1, 2)          | true",
      "i NOT IN (1, NULL)       | NULL",
      "-0.0 IN (0.0)            | true",
      "i IN (l - 3, i + 1)      | true",
      "i IN (n, i + 1)          | NULL",
      "i IN (n, 7)              | true",
      "bin IN (X'0102')         | true",
      "bin IN (X'01', X'02')    | false",
  })
  void in(String sql, Boolean expected) {
    assertThat(eval(sql)).isEqualTo(expected);
  }

  @Test
  void inRejectsIncomparableItems() {
    assertThatThrownBy(() -> bind("i IN (1, 'a')"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve '(i IN (1, 'a'))': cannot compare i (INT) with 'a' (STRING)");
  }

  @Test
  void inWithConstantsIsNullableOnlyWhenSomethingIs() {
    assertThat(bind("i IN (1, 2)").nullable()).isFalse();
    assertThat(bind("i IN (1, NULL)").nullable()).isTrue();
    assertThat(bind("n IN (1, 2)").nullable()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', nullValues = "NULL", value = {
      "i BETWEEN 7 AND 9         | true",
      "i BETWEEN 1 AND 7         | true",
      "i BETWEEN 8 AND 9         | false",
      "i BETWEEN 9 AND 1         | false",
      "d BETWEEN 2 AND 3L        | true",
      "s BETWEEN 'A' AND 'I'     | true",
      "ts BETWEEN '2026-09-14' AND '2026-09-15' | true",
      "n BETWEEN 1 AND 2         | NULL",
      "i BETWEEN n AND 6         | false",
      "i BETWEEN n AND 8         | NULL",
      "i NOT BETWEEN 8 AND 9     | true",
  })
  void between(String sql, Boolean expected) {
    assertThat(eval(sql)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "''{0}'' LIKE ''{1}''")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "Hello  | Hello     | true",
      "Hello  | hello     | false",
      "Hello  | H%        | true",
      "Hello  | %lo       | true",
      "Hello  | %ell%     | true",
      "Hello  | %         | true",
      "''     | %         | true",
      "''     | ''        | true",
      "Hello  | H_llo     | true",
      "Hello  | H_lo      | false",
      "Hello  | H%o       | true",
      "Hello  | H%x%      | false",
      "Hello  | %%l%%     | true",
      "Hello  | _____     | true",
      "Hello  | ____      | false",
      "a%b    | a\\%b     | true",
      "axb    | a\\%b     | false",
      "a_b    | a\\_b     | true",
      "axb    | a\\_b     | false",
      "a\\b   | a\\\\b    | true",
      "ab\\   | ab\\      | true",
      "a.b    | a.b       | true",
      "axb    | a.b       | false",
      "a(b    | a(%       | true",
      "a+*?$  | %+*?$     | true",
      "50%    | 50\\%     | true",
  })
  void like(String value, String pattern, boolean expected) {
    String v = value.equals("''") ? "" : value;
    String p = pattern.equals("''") ? "" : pattern;
    assertThat(eval(new Like(Literal.from(v), Literal.from(p)))).isEqualTo(expected);
  }

  @Test
  void likeWildcardsMatchLineBreaks() {
    assertThat(eval(new Like(Literal.from("a\nb"), Literal.from("a%b")))).isEqualTo(true);
    assertThat(eval(new Like(Literal.from("a\nb"), Literal.from("a_b")))).isEqualTo(true);
  }

  @Test
  void likeWithNullsAndPerRowPatterns() {
    assertThat(eval("ns LIKE 'a%'")).isNull();
    assertThat(eval("s LIKE NULL")).isNull();
    assertThat(eval("s LIKE ns")).isNull();
    assertThat(eval("s NOT LIKE 'He%'")).isEqualTo(false);

    Schema schema = Schema.parse("v STRING, p STRING");
    BoundExpression like = ExpressionParser.parseExpression("v LIKE p").bind(schema);
    assertThat(like.eval(Row.of("Hello", "H%"), ExprFixture.CONTEXT)).isEqualTo(true);
    assertThat(like.eval(Row.of("Hello", "x%"), ExprFixture.CONTEXT)).isEqualTo(false);
    assertThat(like.eval(Row.of("Hello", "%L_O"), ExprFixture.CONTEXT)).isEqualTo(false);
  }

  @Test
  void likeReadsNumbersAsText() {
    assertThat(eval("i LIKE '7'")).isEqualTo(true);
    assertThatThrownBy(() -> bind("bin LIKE 'a'")).hasMessageContaining("bin is BINARY but STRING is needed");
  }

  @Test
  void inNeedsItems() {
    assertThatThrownBy(() -> new In(new ColumnRef("i"), List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
