package io.millrace.runtime.state.keyed;

import io.millrace.runtime.state.KeyGroups;
import io.millrace.runtime.state.RowCodec;
import io.millrace.spi.data.Row;

/**
 * The grouping key that a partition's state variables and timers read and write: the operator
 * sets it before each key's rows, as Spark's implicit grouping key and Flink's
 * {@code setCurrentKey} do. It refuses a key of another partition: state written under it would
 * be in a store that never sees that key's rows, and lost to it.
 */
final class KeyScope {
  private final String operatorName;
  private final RowCodec keyCodec;
  private final KeyGroups keyGroups;
  private final int partition;
  private byte[] encoded;
  private byte[] prefix;
  private Row row;

  KeyScope(String operatorName, RowCodec keyCodec, KeyGroups keyGroups, int partition) {
    this.operatorName = operatorName;
    this.keyCodec = keyCodec;
    this.keyGroups = keyGroups;
    this.partition = partition;
  }

  String operatorName() {
    return operatorName;
  }

  void set(Row key) {
    setEncoded(keyCodec.encode(key));
    row = key;
  }

  void setEncoded(byte[] key) {
    int keyGroup = keyGroups.keyGroup(key);
    int owner = keyGroups.partitionOfKeyGroup(keyGroup);
    if (owner != partition) {
      throw new IllegalStateException(operatorName + ": grouping key " + keyCodec.decode(key) + " belongs to partition "
          + owner + " (key group " + keyGroup + "), not to partition " + partition + " whose state is open: its rows"
          + " were routed by another key");
    }
    encoded = key;
    prefix = KeyLayout.keyPrefix(keyGroup, key);
    row = null;
  }

  /** The key group and encoded key; never changed, so stores may keep it. */
  byte[] prefix() {
    if (prefix == null) {
      throw new IllegalStateException(operatorName + ": no current grouping key; set one before using keyed state");
    }
    return prefix;
  }

  byte[] encoded() {
    prefix();
    return encoded;
  }

  Row row() {
    prefix();
    if (row == null) {
      row = keyCodec.decode(encoded);
    }
    return row;
  }

  RowCodec codec() {
    return keyCodec;
  }
}
