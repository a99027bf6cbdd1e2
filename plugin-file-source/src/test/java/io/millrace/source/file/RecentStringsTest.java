package io.millrace.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentStringsTest {
  private final RecentStrings strings = new RecentStrings();

  private String of(String text) {
    char[] padded = ("__" + text + "__").toCharArray();
    return strings.of(padded, 2, text.length());
  }

  @Test
  void aRepeatedShortTextIsTheSameInstance() {
    String first = of("k07953");
    assertThat(of("k07953")).isSameAs(first).isEqualTo("k07953");
    assertThat(of("k07954")).isEqualTo("k07954").isNotSameAs(first);
  }

  @Test
  void everyTextComesBackAsItsOwnValueWhateverSharesItsSlot() {
    Random random = new Random(42);
    for (int i = 0; i < 200_000; i++) {
      int length = random.nextInt(40);
      StringBuilder text = new StringBuilder();
      for (int c = 0; c < length; c++) {
        // Mostly ASCII, some Latin-1 and some characters beyond it.
        int kind = random.nextInt(10);
        text.append((char) (kind < 7 ? 'a' + random.nextInt(3) : kind < 9 ? 0xC0 + random.nextInt(60) : 0x3B1 + random.nextInt(20)));
      }
      assertThat(of(text.toString())).isEqualTo(text.toString());
    }
  }

  @Test
  void textsLongerThanTheLimitAreMadeAnew() {
    String longText = "x".repeat(RecentStrings.MAX_LENGTH + 1);
    assertThat(of(longText)).isEqualTo(longText).isNotSameAs(of(longText));
    String atLimit = "y".repeat(RecentStrings.MAX_LENGTH);
    assertThat(of(atLimit)).isSameAs(of(atLimit));
  }

  @Test
  void theEmptyTextIsEmpty() {
    assertThat(of("")).isEmpty();
  }
}
