package io.millrace.runtime.state;

import java.util.Arrays;

/**
 * An encoded state key as a hash-map key: its {@link KeyGroups#hash} (computed once, for
 * routing, and compared before the bytes), not a hash recomputed byte by byte on every lookup.
 */
final class EncodedKey {
  final byte[] bytes;
  private final int hash;

  EncodedKey(byte[] bytes) {
    this.bytes = bytes;
    this.hash = KeyGroups.hash(bytes);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EncodedKey && ((EncodedKey) o).hash == hash && Arrays.equals(((EncodedKey) o).bytes, bytes);
  }
}
