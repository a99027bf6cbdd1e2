package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class KeyGroupedInputTest {
  /** Few groups, so that many keys share one and the order within a group shows. */
  private static final KeyGroups KEY_GROUPS = new KeyGroups(8, 1);

  @Test
  void keysInTheStoresOrderEachWithItsRowsInInputOrderAcrossBuckets() {
    // Keys of several lengths, bytes above 0x7F (signed order would differ), a key that is a
    // prefix of another, two of one hash, empty buckets between full ones, and enough keys to grow
    // the table and the groups' key bytes.
    Random random = new Random(7);
    List<byte[]> keys = new ArrayList<>();
    keys.add(new byte[] {});
    keys.add(new byte[] {(byte) 0x80});
    keys.add(new byte[] {0x7F});
    keys.add(new byte[] {0x7F, 0});
    keys.add(new byte[] {'A', 'a'}); // these two hash alike: only their bytes tell them apart
    keys.add(new byte[] {'B', 'B'});
    for (int k = 0; k < 300; k++) {
      byte[] key = new byte[1 + random.nextInt(4)];
      random.nextBytes(key);
      keys.add(key);
    }
    RoutedRows.Bucket[] buckets = {new RoutedRows.Bucket(), new RoutedRows.Bucket(), new RoutedRows.Bucket(),
        new RoutedRows.Bucket()};
    TreeMap<byte[], List<Long>> expected = new TreeMap<>(KEY_GROUPS.storeOrder());
    long id = 0;
    for (int i = 0; i < 5_000; i++) {
      int b = random.nextInt(3) == 0 ? 0 : 2; // buckets 1 and 3 stay empty
      byte[] key = keys.get(random.nextInt(keys.size()));
      buckets[b].add(Row.of(id++), key, key.length);
      expected.computeIfAbsent(key, x -> new ArrayList<>());
    }
    // Input order: bucket by bucket, each in its own order.
    for (RoutedRows.Bucket bucket : buckets) {
      for (int i = 0; i < bucket.size(); i++) {
        expected.get(bucket.key(i)).add(bucket.row(i).getLong(0));
      }
    }
    KeyGroupedInput grouped = new KeyGroupedInput(buckets);
    Map<String, List<Long>> actual = new LinkedHashMap<>();
    List<byte[]> stored = new ArrayList<>();
    for (int g : grouped.sortedGroups(KEY_GROUPS)) {
      stored.add(storeKey(grouped.key(g)));
      List<Long> ids = new ArrayList<>();
      grouped.rows(g).forEachRemaining(r -> ids.add(r.getLong(0)));
      actual.put(java.util.HexFormat.of().formatHex(grouped.key(g)), ids);
    }
    Map<String, List<Long>> want = new LinkedHashMap<>();
    expected.forEach((k, v) -> want.put(java.util.HexFormat.of().formatHex(k), v));
    assertThat(grouped.keys()).isEqualTo(expected.size());
    assertThat(actual).containsExactlyEntriesOf(want);
    assertThat(stored).as("ascending as the store holds them").isSortedAccordingTo(java.util.Arrays::compareUnsigned);
    assertThat(stored.stream().map(k -> k[1]).distinct().count()).as("several key groups").isEqualTo(8);
  }

  /** A key's entries in a keyed store start so (KeyLayout): its key group, two bytes big-endian, then the key. */
  private static byte[] storeKey(byte[] key) {
    int group = KEY_GROUPS.keyGroup(key);
    byte[] prefixed = new byte[2 + key.length];
    prefixed[0] = (byte) (group >>> 8);
    prefixed[1] = (byte) group;
    System.arraycopy(key, 0, prefixed, 2, key.length);
    return prefixed;
  }

  @Test
  void everyNumberOfKeysUpToSeventyComesOutInStoreOrder() {
    // The groups are merge-sorted bottom-up: runs that do not fill a power of two must merge too.
    Random random = new Random(11);
    for (int n = 1; n <= 70; n++) {
      RoutedRows.Bucket bucket = new RoutedRows.Bucket();
      TreeMap<byte[], Boolean> expected = new TreeMap<>(KEY_GROUPS.storeOrder());
      while (expected.size() < n) {
        byte[] key = new byte[1 + random.nextInt(3)];
        random.nextBytes(key);
        bucket.add(Row.of(0L), key, key.length);
        expected.put(key, true);
      }
      KeyGroupedInput grouped = new KeyGroupedInput(new RoutedRows.Bucket[] {bucket});
      List<String> actual = new ArrayList<>();
      for (int g : grouped.sortedGroups(KEY_GROUPS)) {
        actual.add(java.util.HexFormat.of().formatHex(grouped.key(g)));
      }
      assertThat(actual).as("%d keys", n)
          .containsExactlyElementsOf(expected.keySet().stream().map(k -> java.util.HexFormat.of().formatHex(k)).toList());
    }
  }

  @Test
  void letsGoOfEachRowOnceProcessedSoThatACollectionNeedNotCopyIt() {
    RoutedRows.Bucket first = new RoutedRows.Bucket();
    RoutedRows.Bucket second = new RoutedRows.Bucket();
    byte[] a = {'a'};
    byte[] b = {'b'};
    first.add(Row.of(1L), a, 1);
    first.add(Row.of(2L), b, 1);
    second.add(Row.of(3L), a, 1);
    KeyGroupedInput grouped = new KeyGroupedInput(new RoutedRows.Bucket[] {first, second});
    // The buckets are emptied, and asking one for its rows again fails rather than finds none.
    org.assertj.core.api.Assertions.assertThatThrownBy(first::size).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("taken by a state task");
    org.assertj.core.api.Assertions.assertThatThrownBy(second::size).isInstanceOf(IllegalStateException.class);
    int[] order = grouped.sortedGroups(KEY_GROUPS);
    int groupA = java.util.Arrays.equals(grouped.key(order[0]), a) ? order[0] : order[1];
    int groupB = order[0] == groupA ? order[1] : order[0];
    java.util.Iterator<Row> rowsOfA = grouped.rows(groupA);
    assertThat(rowsOfA.next().getLong(0)).isEqualTo(1L);
    assertThat(grouped.row(grouped.rowsFrom(groupA))).as("a row handed out").isNull();
    assertThat(grouped.row(grouped.rowsFrom(groupA) + 1)).as("a row still to come").isNotNull();
    assertThat(rowsOfA.next().getLong(0)).isEqualTo(3L);
    assertThat(rowsOfA.hasNext()).isFalse();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> grouped.rows(groupA).next())
        .as("a key's rows are handed out once").isInstanceOf(IllegalStateException.class);
    assertThat(grouped.row(grouped.rowsFrom(groupB)).getLong(0)).isEqualTo(2L);
    grouped.release(groupB);
    assertThat(grouped.row(grouped.rowsFrom(groupB))).as("a group released").isNull();
  }

  @Test
  void noRowsNoKeys() {
    KeyGroupedInput grouped = new KeyGroupedInput(new RoutedRows.Bucket[] {new RoutedRows.Bucket()});
    assertThat(grouped.sortedGroups(KEY_GROUPS)).isEmpty();
  }
}
