package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RepeatedStringsTest {
  private final RepeatedStrings strings = new RepeatedStrings();

  private String of(String text) {
    char[] padded = ("..." + text + "..").toCharArray();
    return strings.of(padded, 3, text.length());
  }

  @Test
  void repeatedShortTextIsOneInstance() {
    String first = of("k05888");
    assertThat(of("k05888")).isEqualTo("k05888").isSameAs(first);
    assertThat(of("")).isEmpty();
  }

  @Test
  void textSharingAHashIsNeverTakenForAnother() {
    // "Aa" and "BB" have one String hash, so they meet in one slot.
    assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
    assertThat(of("Aa")).isEqualTo("Aa");
    assertThat(of("BB")).isEqualTo("BB");
    assertThat(of("Aa")).isEqualTo("Aa");
    // Same hash and length, other text: the comparison of the characters decides.
    assertThat(of("AaBB")).isEqualTo("AaBB");
    assertThat(of("BBAa")).isEqualTo("BBAa");
  }

  @Test
  void longTextIsANewStringEachTime() {
    String text = "x".repeat(RepeatedStrings.MAX_LENGTH + 1);
    String first = of(text);
    assertThat(of(text)).isEqualTo(text).isNotSameAs(first);
  }

  @Test
  void nonAsciiTextReadsBack() {
    assertThat(of("zürich-東京")).isEqualTo("zürich-東京");
    assertThat(of("zürich-東京")).isEqualTo("zürich-東京");
  }
}
