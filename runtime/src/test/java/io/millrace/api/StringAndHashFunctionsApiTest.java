package io.millrace.api;

import static io.millrace.api.ColumnTest.eval;
import static io.millrace.api.functions.char_length;
import static io.millrace.api.functions.character_length;
import static io.millrace.api.functions.col;
import static io.millrace.api.functions.concat_ws;
import static io.millrace.api.functions.crc32;
import static io.millrace.api.functions.expr;
import static io.millrace.api.functions.format_number;
import static io.millrace.api.functions.format_string;
import static io.millrace.api.functions.hash;
import static io.millrace.api.functions.initcap;
import static io.millrace.api.functions.instr;
import static io.millrace.api.functions.lit;
import static io.millrace.api.functions.locate;
import static io.millrace.api.functions.lpad;
import static io.millrace.api.functions.md5;
import static io.millrace.api.functions.printf;
import static io.millrace.api.functions.regexp;
import static io.millrace.api.functions.regexp_extract;
import static io.millrace.api.functions.regexp_like;
import static io.millrace.api.functions.regexp_replace;
import static io.millrace.api.functions.repeat;
import static io.millrace.api.functions.replace;
import static io.millrace.api.functions.reverse;
import static io.millrace.api.functions.rlike;
import static io.millrace.api.functions.rpad;
import static io.millrace.api.functions.sha1;
import static io.millrace.api.functions.sha2;
import static io.millrace.api.functions.split;
import static io.millrace.api.functions.translate;
import static io.millrace.api.functions.xxhash64;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each string and hash function of {@code functions} calls the SQL function of its name. */
class StringAndHashFunctionsApiTest {

  @Test
  void regularExpressions() {
    assertThat(eval(regexp_replace(col("key"), "p+", "P"))).isEqualTo("aPle");
    assertThat(eval(regexp_replace(col("key"), lit("(a)(p)"), lit("$2$1")))).isEqualTo("paple");
    assertThat(eval(regexp_extract(col("text"), "([0-9]+)-([0-9]+)", 2))).isEqualTo("09");
    assertThat(eval(regexp_like(col("key"), lit("^a.*e$")))).isEqualTo(true);
    assertThat(eval(rlike(col("key"), lit("x")))).isEqualTo(false);
    assertThat(eval(regexp(col("key"), lit("pl")))).isEqualTo(true);
    assertThat(eval(col("key").rlike("^ap"))).isEqualTo(true);
    assertThat(eval(split(col("key"), "p"))).isEqualTo(List.of("a", "", "le"));
    assertThat(eval(split(col("key"), "p", 2))).isEqualTo(List.of("a", "ple"));
    assertThat(eval(split(col("key"), lit("l"), lit(-1)))).isEqualTo(List.of("app", "e"));
  }

  @Test
  void searchPadAndTransform() {
    assertThat(eval(instr(col("key"), "le"))).isEqualTo(4);
    assertThat(eval(locate("p", col("key")))).isEqualTo(2);
    assertThat(eval(locate("p", col("key"), 3))).isEqualTo(3);
    assertThat(eval(lpad(col("key"), 7, "*"))).isEqualTo("**apple");
    assertThat(eval(rpad(col("key"), 3, "*"))).isEqualTo("app");
    assertThat(eval(lpad(lit(new byte[] {1}), 2, new byte[] {0}))).isEqualTo(new byte[] {0, 1});
    assertThat(eval(replace(col("key"), lit("p")))).isEqualTo("ale");
    assertThat(eval(replace(col("key"), lit("pp"), lit("PP")))).isEqualTo("aPPle");
    assertThat(eval(translate(col("key"), "ap", "AP"))).isEqualTo("APPle");
    assertThat(eval(initcap(lit("big APPLE")))).isEqualTo("Big Apple");
    assertThat(eval(reverse(col("key")))).isEqualTo("elppa");
    assertThat(eval(repeat(col("key"), 2))).isEqualTo("appleapple");
    assertThat(eval(char_length(col("key")))).isEqualTo(5);
    assertThat(eval(character_length(col("key")))).isEqualTo(5);
    assertThat(eval(concat_ws("/", col("key"), col("missing"), col("amount")))).isEqualTo("apple/12");
  }

  @Test
  void formats() {
    assertThat(eval(format_number(col("amount").multiply(1000), 1))).isEqualTo("12,000.0");
    assertThat(eval(format_string("%s x%d", col("key"), col("amount")))).isEqualTo("apple x12");
    assertThat(eval(printf(lit("%.2f"), col("price")))).isEqualTo("0.50");
  }

  @Test
  void hashes() {
    // The values Spark 4.0.1 gives for 'Spark' (spark-string-facts.txt).
    assertThat(eval(md5(lit("Spark")))).isEqualTo("8cde774d6f7333752ed72cacddb05126");
    assertThat(eval(sha1(lit("Spark")))).isEqualTo("85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c");
    assertThat(eval(sha2(lit("Spark"), 256)))
        .isEqualTo("529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b");
    assertThat(eval(crc32(lit("Spark")))).isEqualTo(1557323817L);
    assertThat(eval(hash(lit("a"), lit(1)))).isEqualTo(532252686);
    assertThat(eval(xxhash64(lit("a"), lit(1)))).isEqualTo(-4810547614043336770L);
    assertThatThrownBy(() -> sha2(col("key"), 128)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("numBits 128 is not in the permitted values (0, 224, 256, 384, 512)");
  }

  @Test
  void sqlNamesMatchTheParser() {
    assertThat(regexp_replace(col("key"), "a", "b").toString()).isEqualTo("regexp_replace(key, 'a', 'b')");
    assertThat(concat_ws(",", col("key")).toString()).isEqualTo("concat_ws(',', key)");
    assertThat(expr(split(col("key"), "p", 2).toString()).toString()).isEqualTo("split(key, 'p', 2)");
    assertThat(expr(hash(col("key"), col("amount")).toString()).toString()).isEqualTo("hash(key, amount)");
  }
}
