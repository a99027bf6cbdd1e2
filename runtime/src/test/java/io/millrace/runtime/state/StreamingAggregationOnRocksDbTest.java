package io.millrace.runtime.state;

/** Every test of {@link StreamingAggregationTest}, with state in the rocksdb store: the outputs must be identical. */
class StreamingAggregationOnRocksDbTest extends StreamingAggregationTest {
  @Override
  String provider() {
    return "rocksdb";
  }
}
