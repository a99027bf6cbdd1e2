package io.millrace.plugins.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.MillraceException;
import io.millrace.spi.source.Offset;
import io.millrace.spi.source.ReadLimit;
import org.junit.jupiter.api.Test;

class RowCountOffsetTest {

  @Test
  void theJsonIsThePlainNumberAndReadsBack() {
    RowCountOffset offset = new RowCountOffset(7);
    assertThat(offset.json()).isEqualTo("7");
    assertThat(RowCountOffset.parse(offset.json(), "source 'x'")).isEqualTo(offset);
  }

  @Test
  void anOffsetKnownOnlyByItsJsonIsRead() {
    Offset opaque = () -> "42";
    assertThat(RowCountOffset.of(opaque, "source 'x'")).isEqualTo(new RowCountOffset(42));
  }

  @Test
  void jsonThatIsNotARowCountIsRefusedWithTheSourceAndValue() {
    for (String bad : new String[] {"-1", "{\"rows\":1}", "", "1.5", "99999999999999999999"}) {
      assertThatThrownBy(() -> RowCountOffset.parse(bad, "source 'memory'"))
          .as(bad)
          .isInstanceOf(MillraceException.class)
          .hasMessageContaining("source 'memory'")
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void nextTakesWhatIsAvailableWithinTheLimitAndNeverGoesBack() {
    RowCountOffset start = new RowCountOffset(10);
    assertThat(RowCountOffset.next(start, 25, ReadLimit.allAvailable())).isEqualTo(new RowCountOffset(25));
    assertThat(RowCountOffset.next(start, 25, ReadLimit.maxRows(4))).isEqualTo(new RowCountOffset(14));
    assertThat(RowCountOffset.next(start, 10, ReadLimit.maxRows(4))).isSameAs(start);
    assertThat(RowCountOffset.next(start, 3, ReadLimit.allAvailable())).isSameAs(start);
    assertThat(RowCountOffset.next(start, Long.MAX_VALUE, ReadLimit.maxRows(Long.MAX_VALUE))).isEqualTo(new RowCountOffset(Long.MAX_VALUE));
  }
}
