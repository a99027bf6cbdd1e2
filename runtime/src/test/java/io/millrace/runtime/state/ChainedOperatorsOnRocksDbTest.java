package io.millrace.runtime.state;

/** Every chained-operator test on the rocksdb state store. */
class ChainedOperatorsOnRocksDbTest extends ChainedOperatorsTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
