package io.millrace.runtime.expr;

import static io.millrace.runtime.expr.ExprFixture.bind;
import static io.millrace.runtime.expr.ExprFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.api.AnalysisException;
import io.millrace.spi.data.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StringFunctionsTest {

  @Test
  void caseMapping() {
    assertThat(eval("upper(s)")).isEqualTo("HELLO");
    assertThat(eval("lower(s)")).isEqualTo("hello");
    // Locale-independent: no Turkish dotless i whatever the default locale.
    assertThat(eval("upper('i')")).isEqualTo("I");
    assertThat(eval("upper(ns)")).isNull();
    assertThat(eval("upper(i)")).isEqualTo("7");
  }

  @Test
  void trimmingRemovesSpacesOnly() {
    assertThat(eval("trim('  a b  ')")).isEqualTo("a b");
    assertThat(eval("ltrim('  a b  ')")).isEqualTo("a b  ");
    assertThat(eval("rtrim('  a b  ')")).isEqualTo("  a b");
    assertThat(eval("trim('    ')")).isEqualTo("");
    assertThat(eval("ltrim('   ')")).isEqualTo("");
    assertThat(eval("rtrim('')")).isEqualTo("");
    assertThat(eval("trim(concat(' ', '\t', 'x', ' '))")).isEqualTo("\tx");
    assertThat(eval("trim(ns)")).isNull();
  }

  @Test
  void lengthCountsCharactersOrBytes() {
    assertThat(eval("length(s)")).isEqualTo(5);
    assertThat(eval("length('')")).isEqualTo(0);
    assertThat(eval("length('\uD83D\uDE00x')")).isEqualTo(2);
    assertThat(eval("length(bin)")).isEqualTo(2);
    assertThat(eval("length(l)")).isEqualTo(2);
    assertThat(eval("length(ns)")).isNull();
    assertThat(bind("length(s)").type()).isEqualTo(DataType.INT);
  }

  @Test
  void concatJoinsTextAndIsNullWithAnyNull() {
    assertThat(eval("concat(s, ', ', 'world')")).isEqualTo("Hello, world");
    assertThat(eval("s || '-' || i || '-' || d || '-' || b")).isEqualTo("Hello-7-2.5-true");
    assertThat(eval("concat(s)")).isEqualTo("Hello");
    assertThat(eval("concat(s, ns)")).isNull();
    assertThat(eval("concat(s, NULL)")).isNull();
    assertThat(bind("concat(s, 'x')").nullable()).isTrue();
    assertThat(bind("concat(i, 'x')").nullable()).isFalse();
  }

  @ParameterizedTest(name = "substring(''Hello'', {0}, {1})")
  @CsvSource(delimiterString = " | ", quoteCharacter = '"', value = {
      "1   | 2   | He",
      "2   | 3   | ell",
      "0   | 2   | He",
      "-3  | 2   | ll",
      "-5  | 5   | Hello",
      "-7  | 3   | H",
      "4   | 10  | lo",
      "6   | 1   | ''",
      "2   | 0   | ''",
      "2   | -1  | ''",
      "1   | 2147483647 | Hello",
  })
  void substringFollowsSpark(int pos, int len, String expected) {
    assertThat(eval("substring(s, " + pos + ", " + len + ")")).isEqualTo(expected.equals("''") ? "" : expected);
  }

  @Test
  void substringVariants() {
    assertThat(eval("substring(s, 3)")).isEqualTo("llo");
    assertThat(eval("substr(s, -2)")).isEqualTo("lo");
    assertThat(eval("substring('a\uD83D\uDE00b', 2, 1)")).isEqualTo("\uD83D\uDE00");
    assertThat(eval("substring(s, i - 5, 2)")).isEqualTo("el");
    assertThat(eval("substring(s, n, 2)")).isNull();
    assertThat(eval("substring(ns, 1, 2)")).isNull();
    assertThatThrownBy(() -> bind("substring(s, 'a', 1)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("'a' is STRING but a numeric type");
  }

  @Test
  void startsWithEndsWithContains() {
    assertThat(eval("startswith(s, 'He')")).isEqualTo(true);
    assertThat(eval("startswith(s, 'he')")).isEqualTo(false);
    assertThat(eval("endswith(s, 'llo')")).isEqualTo(true);
    assertThat(eval("endswith(s, 'x')")).isEqualTo(false);
    assertThat(eval("contains(s, 'ell')")).isEqualTo(true);
    assertThat(eval("contains(s, '')")).isEqualTo(true);
    assertThat(eval("contains(s, 'z')")).isEqualTo(false);
    assertThat(eval("contains(ns, 'a')")).isNull();
    assertThat(eval("contains(s, ns)")).isNull();
  }

  @Test
  void binaryIsNotText() {
    assertThatThrownBy(() -> bind("upper(bin)"))
        .isInstanceOf(AnalysisException.class)
        .hasMessage("cannot resolve 'upper(bin)': bin is BINARY but STRING is needed");
  }
}
