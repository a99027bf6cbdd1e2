package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Wherever the fast reading takes a text, it gives what the general reading (Spark's rules) gives. */
class UtcIsoTextTest {

  @Test
  void agreesWithTheGeneralReadingOnEveryTextItTakes() {
    Random random = new Random(42);
    for (int i = 0; i < 200_000; i++) {
      // Any instant of years 1 to 9999 (0001-01-01 is -62,135,596,800 s from 1970).
      long micros = -62_135_596_800_000_000L + Math.floorMod(random.nextLong(), 315_537_897_600_000_000L);
      String text = io.millrace.spi.data.TimestampText.format(micros).replace(' ', 'T');
      int fraction = random.nextInt(7);
      String base = text.length() > 19 ? text.substring(0, 19) : text;
      String digits = String.format("%06d", Math.floorMod(micros, 1_000_000L)).substring(0, fraction);
      String iso = base + (fraction == 0 ? "" : "." + digits) + "Z";
      assertThat(fast(iso)).as(iso).isNotEqualTo(UtcIsoText.OTHER);
      check(iso);
    }
    for (String text : new String[] {"2026-09-14T23:59:57.067Z", "2024-02-29T00:00:00Z", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999Z", "1969-12-31T23:59:59.999999Z", "1970-01-01T00:00:00.1Z"}) {
      assertThat(fast(text)).as(text).isNotEqualTo(UtcIsoText.OTHER);
      check(text);
    }
  }

  @Test
  void leavesEveryOtherTextToTheGeneralReading() {
    for (String text : new String[] {"2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-09-14T24:00:00Z",
        "2026-09-14T23:60:00Z", "2026-09-14T23:59:60Z", "2026-09-14 23:59:57Z", "2026-09-14T23:59:57",
        "2026-09-14T23:59:57.1234567Z", "2026-09-14T23:59:57.Z", " 2026-09-14T23:59:57Z", "0000-01-01T00:00:00Z",
        "2026-09-14T23:59:57+02:00", "2026-9-14T23:59:57Z", "2026-09-14T23:59:5xZ", "+2026-09-14T23:59:57Z"}) {
      assertThat(fast(text)).as(text).isEqualTo(UtcIsoText.OTHER);
    }
  }

  private static long fast(String text) {
    char[] padded = ("xx" + text + "yy").toCharArray(); // the parser's buffer holds other text around it
    return UtcIsoText.micros(padded, 2, text.length());
  }

  private static void check(String text) {
    assertThat(fast(text)).as(text).isEqualTo(TimestampText.parseWithDate(text));
  }
}
