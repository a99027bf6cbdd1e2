package io.millrace.runtime.state.keyed;

/** Every test of {@link KeyedStateTest}, with the rocksdb store. */
class KeyedStateOnRocksDbTest extends KeyedStateTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
