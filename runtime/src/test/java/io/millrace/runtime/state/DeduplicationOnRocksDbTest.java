package io.millrace.runtime.state;

/** Every test of {@link DeduplicationTest}, with state in the rocksdb store: the outputs must be identical. */
class DeduplicationOnRocksDbTest extends DeduplicationTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
