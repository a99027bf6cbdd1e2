package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A bucket keeps its rows' keys back to back in one array and hands each out as an array of its own. */
class RoutedRowsBucketTest {
  @Test
  void eachRowGetsBackExactlyItsKeyAcrossGrowth() {
    RoutedRows.Bucket bucket = new RoutedRows.Bucket();
    SplittableRandom random = new SplittableRandom(1);
    List<byte[]> keys = new ArrayList<>();
    byte[] scratch = new byte[300];
    for (int i = 0; i < 5_000; i++) {
      int length = random.nextInt(0, 200); // empty keys too; the bytes after the key are stale
      random.nextBytes(scratch);
      keys.add(Arrays.copyOf(scratch, length));
      bucket.add(Row.of(i), scratch, length);
    }
    assertThat(bucket.size()).isEqualTo(5_000);
    for (int i = 0; i < keys.size(); i++) {
      assertThat(bucket.key(i)).as("key %d", i).isEqualTo(keys.get(i));
      assertThat(bucket.row(i)).isEqualTo(Row.of(i));
    }
    assertThat(bucket.key(7)).as("a new array each time: the store keeps what it is given").isNotSameAs(bucket.key(7));
  }
}
