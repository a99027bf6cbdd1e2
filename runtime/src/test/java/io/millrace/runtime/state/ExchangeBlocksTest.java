package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A deduplication's rows survive the exchange's bytes whole, with their keys; a cut block is refused. */
class ExchangeBlocksTest {
  private static final Schema ROWS =
      Schema.parse("id LONG, name STRING, ok BOOLEAN, n INT, x DOUBLE, raw BINARY, ts TIMESTAMP, w STRUCT<start TIMESTAMP, end TIMESTAMP>");
  private static final RowCodec CODEC = new RowCodec(ROWS);

  @Test
  void rowsAndKeysComeBackInOrder() {
    RoutedRows.Bucket bucket = new RoutedRows.Bucket();
    Row full = Row.of(1L, "ä€😀", true, 7, -0.0, new byte[] {0, -1, 2}, 1_700_000_000_000_000L, Row.of(0L, 60L));
    Row nulls = Row.of(2L, null, null, null, null, null, null, null);
    Row empty = Row.of(3L, "", false, Integer.MIN_VALUE, Double.NaN, new byte[0], Long.MIN_VALUE, Row.of(null, 1L));
    bucket.add(full, new byte[] {1, 2, 3, 9}, 3);
    bucket.add(nulls, new byte[0], 0);
    bucket.add(empty, new byte[] {4}, 1);

    RoutedRows.Bucket back = ExchangeBlocks.rowsOf(ExchangeBlocks.ofRows(bucket, CODEC), CODEC);

    assertThat(back.size()).isEqualTo(3);
    assertThat(back.row(0)).isEqualTo(full);
    assertThat(back.row(1)).isEqualTo(nulls);
    assertThat(back.row(2)).isEqualTo(empty);
    assertThat(back.key(0)).containsExactly(1, 2, 3);
    assertThat(back.key(1)).isEmpty();
    assertThat(back.key(2)).containsExactly(4);
  }

  @Test
  void anEmptyBucketIsABlockOfNoEntries() {
    byte[] block = ExchangeBlocks.ofRows(new RoutedRows.Bucket(), CODEC);
    assertThat(block).hasSize(4);
    assertThat(ExchangeBlocks.rowsOf(block, CODEC).size()).isZero();
  }

  @Test
  void aBlockCutShortOrWithBytesLeftOverIsRefused() {
    RoutedRows.Bucket bucket = new RoutedRows.Bucket();
    bucket.add(Row.of(1L, "a", true, 1, 1.0, new byte[0], 0L, null), new byte[] {1}, 1);
    byte[] block = ExchangeBlocks.ofRows(bucket, CODEC);

    assertThatThrownBy(() -> ExchangeBlocks.rowsOf(Arrays.copyOf(block, block.length - 1), CODEC))
        .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("corrupt exchange block: cut short");
    assertThatThrownBy(() -> ExchangeBlocks.rowsOf(Arrays.copyOf(block, block.length + 2), CODEC))
        .hasMessage("corrupt exchange block: 2 bytes after its 1 entries");
  }
}
