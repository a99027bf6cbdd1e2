package io.millrace.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.millrace.spi.data.Row;
import io.millrace.spi.data.Schema;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Key routing is pinned in checkpoints: these values must never change. And the hash keys hash maps well. */
class KeyGroupsTest {
  private static final RowCodec LONG_KEY = new RowCodec(Schema.parse("key LONG"));
  private static final RowCodec STRING_KEY = new RowCodec(Schema.parse("key STRING"));
  private final KeyGroups groups = new KeyGroups(128, 4);

  @Test
  void aKeyAlwaysGoesToTheSameKeyGroupAndPartition() {
    // Computed once with murmur3_32 over the encoded key; a change here strands existing state.
    assertRoute(LONG_KEY.encode(Row.of(0L)), 105, 3);
    assertRoute(LONG_KEY.encode(Row.of(1L)), 13, 0);
    assertRoute(LONG_KEY.encode(Row.of(42L)), 27, 0);
    assertRoute(LONG_KEY.encode(Row.of(1_000_000L)), 120, 3);
    assertRoute(STRING_KEY.encode(Row.of("k00001")), 89, 2);
    assertRoute(STRING_KEY.encode(Row.of("k07953")), 65, 2);
  }

  @Test
  void routingByAKnownHashEqualsRoutingByTheKey() {
    for (long k = 0; k < 10_000; k++) {
      byte[] key = LONG_KEY.encode(Row.of(k * 7919));
      assertThat(groups.partitionOfHash(KeyGroups.hash(key))).isEqualTo(groups.partition(key));
    }
  }

  @Test
  void aKeyInAReusedBufferHashesAsTheKeyItself() {
    // The dedup routes keys encoded into one reused buffer; bytes past the key are left from longer keys.
    byte[] buffer = new byte[64];
    java.util.Arrays.fill(buffer, (byte) 0x5a);
    for (long k = 0; k < 1_000; k++) {
      byte[] key = LONG_KEY.encode(Row.of(k * 104_729));
      System.arraycopy(key, 0, buffer, 0, key.length);
      assertThat(KeyGroups.hash(buffer, 0, key.length)).isEqualTo(KeyGroups.hash(key));
      System.arraycopy(key, 0, buffer, 7, key.length);
      assertThat(KeyGroups.hash(buffer, 7, key.length)).as("a key further in").isEqualTo(KeyGroups.hash(key));
    }
    byte[] pinned = LONG_KEY.encode(Row.of(0L));
    System.arraycopy(pinned, 0, buffer, 0, pinned.length);
    assertThat(groups.partitionOfHash(KeyGroups.hash(buffer, 0, pinned.length))).isEqualTo(3);
  }

  @Test
  void encodedLongKeysGetNearlyAllDistinctHashMapHashes() {
    Set<Integer> hashes = new HashSet<>();
    int keys = 250_000;
    for (long k = 0; k < keys; k++) {
      EncodedKey key = new EncodedKey(LONG_KEY.encode(Row.of(k)));
      assertThat(key.hashCode()).isEqualTo(KeyGroups.hash(key.bytes));
      hashes.add(key.hashCode());
    }
    // Arrays.hashCode gives these keys 11,044 distinct values; a 32-bit mixing hash collides a few times at most.
    assertThat(hashes.size()).isGreaterThan(keys - 100);
  }

  private void assertRoute(byte[] key, int keyGroup, int partition) {
    assertThat(groups.keyGroup(key)).isEqualTo(keyGroup);
    assertThat(groups.partition(key)).isEqualTo(partition);
  }
}
