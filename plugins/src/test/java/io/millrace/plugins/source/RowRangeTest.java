package io.millrace.plugins.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RowRangeTest {

  @Test
  void splitsAreContiguousDisjointNonEmptyAndCoverTheRange() {
    for (long start = 0; start < 5; start++) {
      for (long rows = 0; rows < 12; rows++) {
        for (int parts = 1; parts < 6; parts++) {
          List<RowRange> ranges = RowRange.split(new RowCountOffset(start), new RowCountOffset(start + rows), parts);
          String what = "(" + start + ", " + (start + rows) + "] in " + parts;
          assertThat(ranges).as(what).hasSize((int) Math.min(parts, rows));
          long next = start;
          for (RowRange range : ranges) {
            assertThat(range.from()).as(what).isEqualTo(next);
            assertThat(range.size()).as(what).isPositive().isBetween(rows / parts, rows / parts + 1);
            next = range.until();
          }
          assertThat(next).as(what).isEqualTo(start + rows);
        }
      }
    }
  }

  @Test
  void anEmptyRangeHasNoPartitions() {
    assertThat(RowRange.split(new RowCountOffset(7), new RowCountOffset(7), 4)).isEmpty();
  }

  @Test
  void anEndBeforeTheStartIsRefused() {
    assertThatThrownBy(() -> RowRange.split(new RowCountOffset(7), new RowCountOffset(6), 1))
        .hasMessageContaining("the end offset 6 is before the start offset 7");
  }
}
