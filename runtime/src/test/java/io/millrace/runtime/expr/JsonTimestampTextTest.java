package io.millrace.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The digit-by-digit writing gives what the pattern Spark's to_json uses gives, for any instant. */
class JsonTimestampTextTest {
  private static final DateTimeFormatter WITH_ZONE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
  private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");

  @Test
  void writesAsThePatternDoes() {
    Random random = new Random(17);
    long[] edges = {0, -1, 1, 999, -999, 1000, -86_400_000_000L, 86_399_999_999L, 253_402_300_799_999_999L,
        -62_135_596_800_000_000L, -62_135_596_800_000_001L, 253_402_300_800_000_000L, 1_789_000_000_123_456L};
    for (long micros : edges) {
      check(micros);
    }
    for (int i = 0; i < 100_000; i++) {
      check(random.nextLong() % 400_000_000_000_000_000L);
    }
  }

  private static void check(long micros) {
    var at = Timestamps.instant(micros).atOffset(ZoneOffset.UTC);
    assertThat(JsonTimestampText.format(micros, true)).as("%d", micros).isEqualTo(WITH_ZONE.format(at));
    assertThat(JsonTimestampText.format(micros, false)).as("%d", micros).isEqualTo(WALL_CLOCK.format(at));
  }
}
