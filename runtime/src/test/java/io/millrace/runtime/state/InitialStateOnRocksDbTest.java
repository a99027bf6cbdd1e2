package io.millrace.runtime.state;

/** Every test of {@link InitialStateTest}, with the rocksdb store. */
class InitialStateOnRocksDbTest extends InitialStateTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
